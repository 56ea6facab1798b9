---- MODULE MC_refcount_mut_exclusive_use_deadlock ----
(* Generated from specs/manifest.json by org.mpiverify.specs.ModelGenerator: do not edit. *)
(* Model refcount_mut_exclusive_use_deadlock: ExclusiveUse: a use that waits until no other use is *)
(* pending; o1 holds its use until o2 begins, o2 waits for o1 to end: every process waits *)
EXTENDS RefCountMutants
MC_Ops == {"o1", "o2"}
MC_EndsAfter == [o \in MC_Ops |-> IF o = "o1" THEN {"o2"} ELSE {User}]
MC_FreeAfter == {"o1"}
====
