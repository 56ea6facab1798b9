---- MODULE MC_refcount_mut_use_counted_twice ----
(* Generated from specs/manifest.json by org.mpiverify.specs.ModelGenerator: do not edit. *)
(* Model refcount_mut_use_counted_twice: UseCountsTwice: the use loop ignores its CAS's result and *)
(* tries again after a success: more uses are counted than there are operations *)
EXTENDS RefCountMutants
MC_Ops == {"o1", "o2"}
MC_EndsAfter == [o \in MC_Ops |-> {}]
MC_FreeAfter == {}
====
