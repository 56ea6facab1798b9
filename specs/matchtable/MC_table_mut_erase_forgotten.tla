---- MODULE MC_table_mut_erase_forgotten ----
(* Generated from specs/manifest.json by org.mpiverify.specs.ModelGenerator: do not edit. *)
(* Model table_mut_erase_forgotten: mutant EraseForgotten (Algorithm 1's line 19 after the wait *)
(* left out): both receives complete with their data, but their packets stay in the table, where *)
(* the next receive or packet with the same key would match them *)
EXTENDS MatchTableMutants
MC_Msgs == {1, 2}
MC_Kind == [m \in {1, 2} |-> CASE m = 1 -> "eager" [] m = 2 -> "eager"]
MC_Receiver == (1 :> "R" @@ 2 :> "R")
MC_NumBuckets == 1
====
