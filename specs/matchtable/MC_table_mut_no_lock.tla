---- MODULE MC_table_mut_no_lock ----
(* Generated from specs/manifest.json by org.mpiverify.specs.ModelGenerator: do not edit. *)
(* Model table_mut_no_lock: mutant NoLockCanLock (no bucket lock): the server and the receiver both *)
(* scan the empty bucket and both store into slot 1; the second store replaces a value, which no *)
(* AtomicMap insert does *)
EXTENDS MatchTableMutants
MC_Msgs == {1}
MC_Kind == [m \in {1} |-> CASE m = 1 -> "eager"]
MC_Receiver == (1 :> "R")
MC_NumBuckets == 1
====
