---- MODULE MC_mprobe_2t ----
(* Generated from specs/manifest.json by org.mpiverify.specs.ModelGenerator: do not edit. *)
(* Model mprobe_2t: mprobe/mrecv, same program as probe_false_match, beside a thread C with no *)
(* receive to make (it starts done and must take no message): no false match, exactly once, *)
(* non-overtaking, all received *)
EXTENDS Probe
MC_Threads == {"A", "B", "C"}
MC_Senders == {"s1"}
MC_Sent == [x \in MC_Senders |-> CASE x = "s1" -> <<[tag |-> 1, size |-> 10], [tag |-> 1, size |-> 20]>>]
MC_Recvs == [x \in MC_Threads |-> CASE x = "A" -> <<[src |-> Wild, tag |-> Wild]>> [] x = "B" -> <<[src |-> Wild, tag |-> Wild]>> [] x = "C" -> <<>>]
MC_Variant == "mprobe"
====
