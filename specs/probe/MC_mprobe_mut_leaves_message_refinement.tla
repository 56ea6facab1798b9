---- MODULE MC_mprobe_mut_leaves_message_refinement ----
(* Generated from specs/manifest.json by org.mpiverify.specs.ModelGenerator: do not edit. *)
(* Model mprobe_mut_leaves_message_refinement: mutant MprobeLeavesMessage against the refinement: *)
(* the match leaves the message pending, which no mprobe of MpiProbe does *)
EXTENDS ProbeMutants
MC_Threads == {"A", "B"}
MC_Senders == {"s1"}
MC_Sent == [x \in MC_Senders |-> CASE x = "s1" -> <<[tag |-> 1, size |-> 10], [tag |-> 1, size |-> 20]>>]
MC_Recvs == [x \in MC_Threads |-> CASE x = "A" -> <<[src |-> Wild, tag |-> Wild]>> [] x = "B" -> <<[src |-> Wild, tag |-> Wild]>>]
MC_Variant == "mprobe"
====
