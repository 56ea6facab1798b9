---- MODULE MC_locking_race_blocking ----
(* Generated from specs/manifest.json by org.mpiverify.specs.ModelGenerator: do not edit. *)
(* Model locking_race_blocking: the race program with blocking probes under the map lock, A's *)
(* request wild in the source too (ANY, ANY): (ANY, ANY) and (0, 1) overlap through the wildcard *)
(* source, so they exclude each other; no false match, each message once, refinement, termination *)
(* (no reply dependency, so no deadlock) *)
EXTENDS ProbeLocking
MC_Variant == "blocking"
MC_Request == [A |-> [src |-> Wild, tag |-> Wild], B |-> [src |-> 0, tag |-> 1]]
MC_Sends == <<[tag |-> 1, size |-> 10], [tag |-> 1, size |-> 20]>>
MC_ReplyAfter == 0
MC_Replier == "none"
====
