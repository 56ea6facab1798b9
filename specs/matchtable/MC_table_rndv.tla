---- MODULE MC_table_rndv ----
(* Generated from specs/manifest.json by org.mpiverify.specs.ModelGenerator: do not edit. *)
(* Model table_rndv: one rendezvous message: RTR to the sender's table, RDMA into the receiver's *)
(* buffer, FIN matched like an eager packet *)
EXTENDS MatchTable
MC_Msgs == {1}
MC_Kind == [m \in {1} |-> CASE m = 1 -> "rndv"]
MC_Receiver == (1 :> "R")
MC_NumBuckets == 1
====
