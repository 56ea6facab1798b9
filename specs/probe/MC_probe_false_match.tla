---- MODULE MC_probe_false_match ----
(* Generated from specs/manifest.json by org.mpiverify.specs.ModelGenerator: do not edit. *)
(* Model probe_false_match: probe/malloc/recv with wildcards in two threads: A_p, B_p, B_m, B_r, *)
(* A_m, A_r makes A receive a message it did not probe (wrong size) *)
EXTENDS Probe
MC_Threads == {"A", "B"}
MC_Senders == {"s1"}
MC_Sent == [x \in MC_Senders |-> CASE x = "s1" -> <<[tag |-> 1, size |-> 10], [tag |-> 1, size |-> 20]>>]
MC_Recvs == [x \in MC_Threads |-> CASE x = "A" -> <<[src |-> Wild, tag |-> Wild]>> [] x = "B" -> <<[src |-> Wild, tag |-> Wild]>>]
MC_Variant == "probe"
====
