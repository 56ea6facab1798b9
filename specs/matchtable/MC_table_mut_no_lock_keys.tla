---- MODULE MC_table_mut_no_lock_keys ----
(* Generated from specs/manifest.json by org.mpiverify.specs.ModelGenerator: do not edit. *)
(* Model table_mut_no_lock_keys: the same mutant against equation (3): two scans find different *)
(* free slots and one key ends up in two slots *)
EXTENDS MatchTableMutants
MC_Msgs == {1, 2}
MC_Kind == [m \in {1, 2} |-> CASE m = 1 -> "eager" [] m = 2 -> "eager"]
MC_Receiver == (1 :> "R" @@ 2 :> "R")
MC_NumBuckets == 1
====
