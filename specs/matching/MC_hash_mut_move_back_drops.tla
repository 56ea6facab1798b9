---- MODULE MC_hash_mut_move_back_drops ----
(* Generated from specs/manifest.json by org.mpiverify.specs.ModelGenerator: do not edit. *)
(* Model hash_mut_move_back_drops: mutant MoveBackDropsEnvelopes (the switch back drops a key's *)
(* unexpected envelopes): a message leaves the pending set unreceived, which no step of MpiMatching *)
(* does *)
EXTENDS HashMatchingMutants
MC_Msgs == {[id |-> 1, ctx |-> 0, src |-> 0, tag |-> 1], [id |-> 2, ctx |-> 0, src |-> 0, tag |-> 2], [id |-> 3, ctx |-> 0, src |-> 1, tag |-> 1]}
MC_Recvs == {[id |-> 1, ctx |-> 0, src |-> 0, tag |-> 1], [id |-> 2, ctx |-> 0, src |-> AnySource, tag |-> AnyTag]}
MC_NumBuckets == 2
MC_Linger == 0
====
