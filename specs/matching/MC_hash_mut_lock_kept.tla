---- MODULE MC_hash_mut_lock_kept ----
(* Generated from specs/manifest.json by org.mpiverify.specs.ModelGenerator: do not edit. *)
(* Model hash_mut_lock_kept: mutant FlagBackKeepsLock (the switch back keeps the context lock): an *)
(* exact operation that found the context wild waits for it forever *)
EXTENDS HashMatchingMutants
MC_Msgs == {[id |-> 1, ctx |-> 0, src |-> 0, tag |-> 1], [id |-> 2, ctx |-> 0, src |-> 0, tag |-> 2], [id |-> 3, ctx |-> 0, src |-> 1, tag |-> 1]}
MC_Recvs == {[id |-> 1, ctx |-> 0, src |-> 0, tag |-> 1], [id |-> 2, ctx |-> 0, src |-> AnySource, tag |-> AnyTag]}
MC_NumBuckets == 2
MC_Linger == 0
====
