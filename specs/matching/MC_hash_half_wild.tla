---- MODULE MC_hash_half_wild ----
(* Generated from specs/manifest.json by org.mpiverify.specs.ModelGenerator: do not edit. *)
(* Model hash_half_wild: the hash engine with half wildcards only: a receive from any source with *)
(* tag 1 and one from sender 0 with any tag, against three arrivals (sender 0: tags 1, 2; sender 1: *)
(* tag 1): a receive with one wildcard is a wildcard receive (the queues, wild mode), never a table *)
(* key; refinement of MpiMatching and the engine's own invariants; under fair scheduling every *)
(* operation takes effect (CallsTakeEffect), also when a second wildcard receive finds the context *)
(* wild *)
EXTENDS HashMatching
MC_Msgs == {[id |-> 1, ctx |-> 0, src |-> 0, tag |-> 1], [id |-> 2, ctx |-> 0, src |-> 1, tag |-> 1], [id |-> 3, ctx |-> 0, src |-> 0, tag |-> 2]}
MC_Recvs == {[id |-> 1, ctx |-> 0, src |-> AnySource, tag |-> 1], [id |-> 2, ctx |-> 0, src |-> 0, tag |-> AnyTag]}
MC_NumBuckets == 2
MC_Linger == 0
====
