---- MODULE MC_refcount_2ops_dependent ----
(* Generated from specs/manifest.json by org.mpiverify.specs.ModelGenerator: do not edit. *)
(* Model refcount_2ops_dependent: the user's program ties the uses together: o1 is an MPI_Isend *)
(* whose thread frees the datatype and then waits, and the peer receives o1's message after o2's, *)
(* so o1's use ends only after the free returned and o2's use began or was refused: every call *)
(* still returns (the free does not wait for pending uses, a use not for another), with the same *)
(* promise as refcount_2ops *)
EXTENDS RefCount
MC_Ops == {"o1", "o2"}
MC_EndsAfter == [o \in MC_Ops |-> IF o = "o1" THEN {"o2", User} ELSE {}]
====
