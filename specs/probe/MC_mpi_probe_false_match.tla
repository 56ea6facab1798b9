---- MODULE MC_mpi_probe_false_match ----
(* Generated from specs/manifest.json by org.mpiverify.specs.ModelGenerator: do not edit. *)
(* Model mpi_probe_false_match: the false match is in the promise itself: MPI's probe and recv, as *)
(* the standard allows them, let A receive a message it did not probe (Hoefler §2), so no *)
(* implementation can be blamed for it *)
EXTENDS MpiProbe
MC_Threads == {"A", "B"}
MC_Senders == {"s1"}
MC_Sent == [x \in MC_Senders |-> CASE x = "s1" -> <<[tag |-> 1, size |-> 10], [tag |-> 1, size |-> 20]>>]
MC_Recvs == [x \in MC_Threads |-> CASE x = "A" -> <<[src |-> Wild, tag |-> Wild]>> [] x = "B" -> <<[src |-> Wild, tag |-> Wild]>>]
MC_Variant == "probe"
MC_NoMsg == [src |-> "none", seq |-> 0, tag |-> -1, size |-> 0]
====
