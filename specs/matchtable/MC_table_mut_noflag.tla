---- MODULE MC_table_mut_noflag ----
(* Generated from specs/manifest.json by org.mpiverify.specs.ModelGenerator: do not edit. *)
(* Model table_mut_noflag: mutant NoFlag (Algorithm 4 without §3.1's flag) with a Waitall of two *)
(* receives: both packets arrive and both signals set the one bit before the first wait; the second *)
(* wait sleeps forever with its data delivered *)
EXTENDS MatchTableMutants
MC_Msgs == {1, 2}
MC_Kind == [m \in {1, 2} |-> CASE m = 1 -> "eager" [] m = 2 -> "eager"]
MC_Receiver == (1 :> "R" @@ 2 :> "R")
MC_NumBuckets == 1
====
