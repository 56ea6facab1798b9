---- MODULE MC_table_eager2 ----
(* Generated from specs/manifest.json by org.mpiverify.specs.ModelGenerator: do not edit. *)
(* Model table_eager2: two eager messages received by one thread (post both, then Waitall), one *)
(* bucket (every key collides): delivery, data, no lost wake-up, termination, refinement of *)
(* AtomicMap with return values *)
EXTENDS MatchTable
MC_Msgs == {1, 2}
MC_Kind == [m \in {1, 2} |-> CASE m = 1 -> "eager" [] m = 2 -> "eager"]
MC_Receiver == (1 :> "R" @@ 2 :> "R")
MC_NumBuckets == 1
====
