---- MODULE MC_refcount_mut_release_on_reread ----
(* Generated from specs/manifest.json by org.mpiverify.specs.ModelGenerator: do not edit. *)
(* Model refcount_mut_release_on_reread: the release decided by re-reading the shared word after *)
(* the update (count--; if (count == 0)): the last two ends of use both see 'freed, no use' and *)
(* release twice *)
EXTENDS RefCountMutants
MC_Ops == {"o1", "o2"}
MC_EndsAfter == [o \in MC_Ops |-> {}]
MC_FreeAfter == {}
====
