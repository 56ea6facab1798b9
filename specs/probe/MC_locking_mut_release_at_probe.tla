---- MODULE MC_locking_mut_release_at_probe ----
(* Generated from specs/manifest.json by org.mpiverify.specs.ModelGenerator: do not edit. *)
(* Model locking_mut_release_at_probe: mutant ReleaseAtProbe (the unlock moved before the recv): *)
(* the other thread locks, probes and receives in the window between A's probe and recv *)
EXTENDS ProbeLockingMutants
MC_Variant == "polling"
MC_Request == [A |-> [src |-> 0, tag |-> Wild], B |-> [src |-> 0, tag |-> 1]]
MC_Sends == <<[tag |-> 1, size |-> 10], [tag |-> 1, size |-> 20]>>
MC_ReplyAfter == 0
MC_Replier == "none"
====
