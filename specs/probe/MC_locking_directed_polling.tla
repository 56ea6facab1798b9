---- MODULE MC_locking_directed_polling ----
(* Generated from specs/manifest.json by org.mpiverify.specs.ModelGenerator: do not edit. *)
(* Model locking_directed_polling: Table 1's scenario 1 (only directed receives: A and B both (0, *)
(* 1), two tag-1 messages of different sizes) under the same protocol: the two equal pairs exclude *)
(* each other, no false match *)
EXTENDS ProbeLocking
MC_Variant == "polling"
MC_Request == [A |-> [src |-> 0, tag |-> 1], B |-> [src |-> 0, tag |-> 1]]
MC_Sends == <<[tag |-> 1, size |-> 10], [tag |-> 1, size |-> 20]>>
MC_ReplyAfter == 0
MC_Replier == "none"
====
