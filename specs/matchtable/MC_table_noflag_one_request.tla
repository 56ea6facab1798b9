---- MODULE MC_table_noflag_one_request ----
(* Generated from specs/manifest.json by org.mpiverify.specs.ModelGenerator: do not edit. *)
(* Model table_noflag_one_request: Algorithm 4 without the flag but one receive per thread passes: *)
(* the bit stays set, so a signal before the wait is not lost; the hazard of §3.1 needs two signals *)
(* (a Waitall) or a wait after the signal was consumed *)
EXTENDS MatchTableMutants
MC_Msgs == {1}
MC_Kind == [m \in {1} |-> CASE m = 1 -> "eager"]
MC_Receiver == (1 :> "R")
MC_NumBuckets == 1
====
