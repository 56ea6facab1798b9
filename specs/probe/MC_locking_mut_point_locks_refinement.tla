---- MODULE MC_locking_mut_point_locks_refinement ----
(* Generated from specs/manifest.json by org.mpiverify.specs.ModelGenerator: do not edit. *)
(* Model locking_mut_point_locks_refinement: the same mutant against the refinement: the second *)
(* probe matches a message the first already holds *)
EXTENDS ProbeLockingMutants
MC_Variant == "polling"
MC_Request == [A |-> [src |-> 0, tag |-> Wild], B |-> [src |-> 0, tag |-> 1]]
MC_Sends == <<[tag |-> 1, size |-> 10], [tag |-> 1, size |-> 20]>>
MC_ReplyAfter == 0
MC_Replier == "none"
====
