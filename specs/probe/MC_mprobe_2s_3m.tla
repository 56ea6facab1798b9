---- MODULE MC_mprobe_2s_3m ----
(* Generated from specs/manifest.json by org.mpiverify.specs.ModelGenerator: do not edit. *)
(* Model mprobe_2s_3m: mprobe/mrecv with 2 senders, 3 messages and requests that name a source or a *)
(* tag (A: (s2, ANY) then (ANY, ANY); B: (ANY, 2)), so a match is not always the head of the queue *)
EXTENDS Probe
MC_Threads == {"A", "B"}
MC_Senders == {"s1", "s2"}
MC_Sent == [x \in MC_Senders |-> CASE x = "s1" -> <<[tag |-> 1, size |-> 10], [tag |-> 2, size |-> 20]>> [] x = "s2" -> <<[tag |-> 1, size |-> 30]>>]
MC_Recvs == [x \in MC_Threads |-> CASE x = "A" -> <<[src |-> "s2", tag |-> Wild], [src |-> Wild, tag |-> Wild]>> [] x = "B" -> <<[src |-> Wild, tag |-> 2]>>]
MC_Variant == "mprobe"
====
