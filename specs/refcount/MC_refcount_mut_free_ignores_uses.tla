---- MODULE MC_refcount_mut_free_ignores_uses ----
(* Generated from specs/manifest.json by org.mpiverify.specs.ModelGenerator: do not edit. *)
(* Model refcount_mut_free_ignores_uses: ReleaseUnderUseUseCount: the user's free releases the *)
(* object at once, with uses pending: a pending operation's object is released under it (the *)
(* datatype freed while a receive still unpacks with it) *)
EXTENDS RefCountMutants
MC_Ops == {"o1", "o2"}
MC_EndsAfter == [o \in MC_Ops |-> {}]
MC_FreeAfter == {}
====
