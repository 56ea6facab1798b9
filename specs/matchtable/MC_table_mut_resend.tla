---- MODULE MC_table_mut_resend ----
(* Generated from specs/manifest.json by org.mpiverify.specs.ModelGenerator: do not edit. *)
(* Model table_mut_resend: mutant SendEagerAgain: an eager sender puts its packet on the wire again *)
(* after the server took it; the copy meets the first, stored as unexpected, and is taken for a *)
(* posted receive: one message matched twice (MatchedAtMostOnce) *)
EXTENDS MatchTableMutants
MC_Msgs == {1, 2}
MC_Kind == [m \in {1, 2} |-> CASE m = 1 -> "eager" [] m = 2 -> "eager"]
MC_Receiver == (1 :> "R" @@ 2 :> "R")
MC_NumBuckets == 1
====
