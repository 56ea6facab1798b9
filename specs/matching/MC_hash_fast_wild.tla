---- MODULE MC_hash_fast_wild ----
(* Generated from specs/manifest.json by org.mpiverify.specs.ModelGenerator: do not edit. *)
(* Model hash_fast_wild: the hash engine's mode handshake, one context, two buckets: an exact *)
(* receive (0, 1), a wildcard receive and three arrivals (sender 0: tags 1, 2; sender 1: tag 1) *)
(* race the switch to wild (mode word, then a drain bucket by bucket), wild-mode matching and the *)
(* switch back (items back per key, then the mode word): refinement of MpiMatching and the engine's *)
(* own invariants; under fair scheduling every operation takes effect (CallsTakeEffect: none is *)
(* lost, disabled or stuck) *)
EXTENDS HashMatching
MC_Msgs == {[id |-> 1, ctx |-> 0, src |-> 0, tag |-> 1], [id |-> 2, ctx |-> 0, src |-> 0, tag |-> 2], [id |-> 3, ctx |-> 0, src |-> 1, tag |-> 1]}
MC_Recvs == {[id |-> 1, ctx |-> 0, src |-> 0, tag |-> 1], [id |-> 2, ctx |-> 0, src |-> AnySource, tag |-> AnyTag]}
MC_NumBuckets == 2
MC_Linger == 0
====
