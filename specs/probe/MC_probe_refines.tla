---- MODULE MC_probe_refines ----
(* Generated from specs/manifest.json by org.mpiverify.specs.ModelGenerator: do not edit. *)
(* Model probe_refines: probe/recv with 2 senders, 3 messages, A (ANY, ANY) twice and B (ANY, 1): *)
(* false matches and stolen messages happen, yet what MPI promises for probe+recv holds (every *)
(* receive fits its request, at most once, exactly once when all finish, non-overtaking, refinement *)
(* of MpiProbe's probe program); NoFalseMatch and progress are not promised (probe_false_match, *)
(* probe_stolen_message) *)
EXTENDS Probe
MC_Threads == {"A", "B"}
MC_Senders == {"s1", "s2"}
MC_Sent == [x \in MC_Senders |-> CASE x = "s1" -> <<[tag |-> 1, size |-> 10], [tag |-> 1, size |-> 20]>> [] x = "s2" -> <<[tag |-> 2, size |-> 30]>>]
MC_Recvs == [x \in MC_Threads |-> CASE x = "A" -> <<[src |-> Wild, tag |-> Wild], [src |-> Wild, tag |-> Wild]>> [] x = "B" -> <<[src |-> Wild, tag |-> 1]>>]
MC_Variant == "probe"
====
