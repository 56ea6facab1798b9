---- MODULE MC_table_mut_result_ignored ----
(* Generated from specs/manifest.json by org.mpiverify.specs.ModelGenerator: do not edit. *)
(* Model table_mut_result_ignored: mutant InsertAlwaysFailed (Algorithm 1 ignores what insert *)
(* returned): the receiver takes its own request for the packet and returns; the packet arrives *)
(* later and stays unmatched *)
EXTENDS MatchTableMutants
MC_Msgs == {1}
MC_Kind == [m \in {1} |-> CASE m = 1 -> "eager"]
MC_Receiver == (1 :> "R")
MC_NumBuckets == 1
====
