---- MODULE MC_refcount_2ops_dependent ----
(* Generated from specs/manifest.json by org.mpiverify.specs.ModelGenerator: do not edit. *)
(* Model refcount_2ops_dependent: the user's program ties the calls together, as one thread that *)
(* runs MPI_Isend(dt) (o2), MPI_Send(dt) (o1), MPI_Type_free(dt) and MPI_Wait(o2): o1's use ends *)
(* only after o2's began or was refused, the free begins after o1 returned, o2's use ends after the *)
(* free returned: every call still returns (the free does not wait for pending uses, a use not for *)
(* another), with the same promise as refcount_2ops *)
EXTENDS RefCount
MC_Ops == {"o1", "o2"}
MC_EndsAfter == [o \in MC_Ops |-> IF o = "o1" THEN {"o2"} ELSE {User}]
MC_FreeAfter == {"o1"}
====
