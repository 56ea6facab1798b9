---- MODULE MC_mpi_mprobe_2s_3m ----
(* Generated from specs/manifest.json by org.mpiverify.specs.ModelGenerator: do not edit. *)
(* Model mpi_mprobe_2s_3m: the abstract spec alone, mprobe program of mprobe_2s_3m: its promises *)
(* hold in it (sanity of the oracle) *)
EXTENDS MpiProbe
MC_Threads == {"A", "B"}
MC_Senders == {"s1", "s2"}
MC_Sent == [x \in MC_Senders |-> CASE x = "s1" -> <<[tag |-> 1, size |-> 10], [tag |-> 2, size |-> 20]>> [] x = "s2" -> <<[tag |-> 1, size |-> 30]>>]
MC_Recvs == [x \in MC_Threads |-> CASE x = "A" -> <<[src |-> "s2", tag |-> Wild], [src |-> Wild, tag |-> Wild]>> [] x = "B" -> <<[src |-> Wild, tag |-> 2]>>]
MC_Variant == "mprobe"
MC_NoMsg == [src |-> "none", seq |-> 0, tag |-> -1, size |-> 0]
====
