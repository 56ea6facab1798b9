---- MODULE MC_locking_mut_point_locks ----
(* Generated from specs/manifest.json by org.mpiverify.specs.ModelGenerator: do not edit. *)
(* Model locking_mut_point_locks: mutant PointOverlap (Listing 1.1's per-point locks used with *)
(* wildcards): A (0, ANY) and B (0, 1) both probe the first message; B receives it, A's recv(0, 1) *)
(* gets the second: a false match *)
EXTENDS ProbeLockingMutants
MC_Variant == "polling"
MC_Request == [A |-> [src |-> 0, tag |-> Wild], B |-> [src |-> 0, tag |-> 1]]
MC_Sends == <<[tag |-> 1, size |-> 10], [tag |-> 1, size |-> 20]>>
MC_ReplyAfter == 0
MC_Replier == "none"
====
