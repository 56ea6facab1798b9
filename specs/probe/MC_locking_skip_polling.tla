---- MODULE MC_locking_skip_polling ----
(* Generated from specs/manifest.json by org.mpiverify.specs.ModelGenerator: do not edit. *)
(* Model locking_skip_polling: requests that do not overlap (A (ANY, 2), B (0, 1)) under Listing *)
(* 1.5, so both hold the map at once, and a message A must skip (tag 1, then tag 2): A's probe *)
(* finds the tag-2 message behind the tag-1 one, each thread receives what it probed, refinement, *)
(* termination *)
EXTENDS ProbeLocking
MC_Variant == "polling"
MC_Request == [A |-> [src |-> Wild, tag |-> 2], B |-> [src |-> 0, tag |-> 1]]
MC_Sends == <<[tag |-> 1, size |-> 10], [tag |-> 2, size |-> 20]>>
MC_ReplyAfter == 0
MC_Replier == "none"
====
