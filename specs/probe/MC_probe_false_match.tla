---- MODULE MC_probe_false_match ----
(* Model probe_false_match of Probe: variant "probe". *)
EXTENDS Probe
MC_Threads == {"A", "B"}
MC_Senders == {"s1"}
MC_Sent == [x \in MC_Senders |-> CASE x = "s1" -> <<[tag |-> 1, size |-> 10], [tag |-> 1, size |-> 20]>>]
MC_Recvs == [x \in MC_Threads |-> CASE x = "A" -> <<[src |-> Wild, tag |-> Wild]>> [] x = "B" -> <<[src |-> Wild, tag |-> Wild]>>]
====
