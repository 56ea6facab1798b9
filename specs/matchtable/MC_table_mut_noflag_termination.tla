---- MODULE MC_table_mut_noflag_termination ----
(* Generated from specs/manifest.json by org.mpiverify.specs.ModelGenerator: do not edit. *)
(* Model table_mut_noflag_termination: the same mutant against Termination *)
EXTENDS MatchTableMutants
MC_Msgs == {1, 2}
MC_Kind == [m \in {1, 2} |-> CASE m = 1 -> "eager" [] m = 2 -> "eager"]
MC_Receiver == (1 :> "R" @@ 2 :> "R")
MC_NumBuckets == 1
====
