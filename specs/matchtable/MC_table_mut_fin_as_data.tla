---- MODULE MC_table_mut_fin_as_data ----
(* Generated from specs/manifest.json by org.mpiverify.specs.ModelGenerator: do not edit. *)
(* Model table_mut_fin_as_data: mutant FinCopiedAsData: a FIN found in the table overwrites the *)
(* RDMA'd data with its empty payload *)
EXTENDS MatchTableMutants
MC_Msgs == {1}
MC_Kind == [m \in {1} |-> CASE m = 1 -> "rndv"]
MC_Receiver == (1 :> "R")
MC_NumBuckets == 1
====
