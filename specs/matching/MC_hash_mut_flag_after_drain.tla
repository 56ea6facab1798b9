---- MODULE MC_hash_mut_flag_after_drain ----
(* Generated from specs/manifest.json by org.mpiverify.specs.ModelGenerator: do not edit. *)
(* Model hash_mut_flag_after_drain: mutant FlagAfterDrain (the mode word set after the drain): an *)
(* arrival locks a bucket already drained, reads fast and queues its envelope in the table, where *)
(* the wildcard receive never looks *)
EXTENDS HashMatchingMutants
MC_Msgs == {[id |-> 1, ctx |-> 0, src |-> 0, tag |-> 1], [id |-> 2, ctx |-> 0, src |-> 0, tag |-> 2], [id |-> 3, ctx |-> 0, src |-> 1, tag |-> 1]}
MC_Recvs == {[id |-> 1, ctx |-> 0, src |-> 0, tag |-> 1], [id |-> 2, ctx |-> 0, src |-> AnySource, tag |-> AnyTag]}
MC_NumBuckets == 2
MC_Linger == 0
====
