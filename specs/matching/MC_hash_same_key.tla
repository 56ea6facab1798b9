---- MODULE MC_hash_same_key ----
(* Generated from specs/manifest.json by org.mpiverify.specs.ModelGenerator: do not edit. *)
(* Model hash_same_key: the hash engine with two items of one key: two receives (1, 1) and two *)
(* messages from sender 1 with tag 1, a receive (ANY_SOURCE, 2) and sender 0's tag-2 message: a *)
(* key's FIFO holds two receives or two envelopes (the other models give every item a key of its *)
(* own), and while the wildcard receive waits for its message the wild queues hold two of sender *)
(* 1's envelopes or two receives, so non-overtaking rests on the table's order (match the head, *)
(* append at the tail), the queues' order and the arrival numbers, across the switch to wild and *)
(* back; the receives' key is the last the drain visits (the other models' receives have the first) *)
EXTENDS HashMatching
MC_Msgs == {[id |-> 1, ctx |-> 0, src |-> 1, tag |-> 1], [id |-> 2, ctx |-> 0, src |-> 1, tag |-> 1], [id |-> 3, ctx |-> 0, src |-> 0, tag |-> 2]}
MC_Recvs == {[id |-> 1, ctx |-> 0, src |-> 1, tag |-> 1], [id |-> 2, ctx |-> 0, src |-> 1, tag |-> 1], [id |-> 3, ctx |-> 0, src |-> AnySource, tag |-> 2]}
MC_NumBuckets == 2
MC_Linger == 0
====
