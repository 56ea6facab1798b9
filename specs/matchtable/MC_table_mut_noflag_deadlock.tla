---- MODULE MC_table_mut_noflag_deadlock ----
(* Generated from specs/manifest.json by org.mpiverify.specs.ModelGenerator: do not edit. *)
(* Model table_mut_noflag_deadlock: the same mutant with the deadlock check: every other thread is *)
(* done and the receiver sleeps *)
EXTENDS MatchTableMutants
MC_Msgs == {1, 2}
MC_Kind == [m \in {1, 2} |-> CASE m = 1 -> "eager" [] m = 2 -> "eager"]
MC_Receiver == (1 :> "R" @@ 2 :> "R")
MC_NumBuckets == 1
====
