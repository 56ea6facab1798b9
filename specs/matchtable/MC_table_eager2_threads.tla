---- MODULE MC_table_eager2_threads ----
(* Generated from specs/manifest.json by org.mpiverify.specs.ModelGenerator: do not edit. *)
(* Model table_eager2_threads: two eager messages received by two threads, one bucket *)
EXTENDS MatchTable
MC_Msgs == {1, 2}
MC_Kind == [m \in {1, 2} |-> CASE m = 1 -> "eager" [] m = 2 -> "eager"]
MC_Receiver == (1 :> "R1" @@ 2 :> "R2")
MC_NumBuckets == 1
====
