---- MODULE MC_mpi_probe_program ----
(* Generated from specs/manifest.json by org.mpiverify.specs.ModelGenerator: do not edit. *)
(* Model mpi_probe_program: the abstract spec alone, probe program of probe_refines: what MPI *)
(* promises for probe+recv holds in it *)
EXTENDS MpiProbe
MC_Threads == {"A", "B"}
MC_Senders == {"s1", "s2"}
MC_Sent == [x \in MC_Senders |-> CASE x = "s1" -> <<[tag |-> 1, size |-> 10], [tag |-> 1, size |-> 20]>> [] x = "s2" -> <<[tag |-> 2, size |-> 30]>>]
MC_Recvs == [x \in MC_Threads |-> CASE x = "A" -> <<[src |-> Wild, tag |-> Wild], [src |-> Wild, tag |-> Wild]>> [] x = "B" -> <<[src |-> Wild, tag |-> 1]>>]
MC_Variant == "probe"
MC_NoMsg == [src |-> "none", seq |-> 0, tag |-> -1, size |-> 0]
====
