---- MODULE MC_refcount_mut_free_waits ----
(* Generated from specs/manifest.json by org.mpiverify.specs.ModelGenerator: do not edit. *)
(* Model refcount_mut_free_waits: FreeWaitsForUses: a free whose CAS expects no pending use retries *)
(* until the last use ends; the thread that freed the datatype of its own pending Isend never *)
(* reaches its wait: its free never returns *)
EXTENDS RefCountMutants
MC_Ops == {"o1", "o2"}
MC_EndsAfter == [o \in MC_Ops |-> IF o = "o1" THEN {"o2"} ELSE {User}]
MC_FreeAfter == {"o1"}
====
