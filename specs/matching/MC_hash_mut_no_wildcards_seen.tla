---- MODULE MC_hash_mut_no_wildcards_seen ----
(* Generated from specs/manifest.json by org.mpiverify.specs.ModelGenerator: do not edit. *)
(* Model hash_mut_no_wildcards_seen: mutant NoWildcardsSeen (the switch back ignores posted *)
(* wildcard receives): the context turns fast with a wildcard receive still in the posted queue *)
EXTENDS HashMatchingMutants
MC_Msgs == {[id |-> 1, ctx |-> 0, src |-> 0, tag |-> 1], [id |-> 2, ctx |-> 0, src |-> 0, tag |-> 2], [id |-> 3, ctx |-> 0, src |-> 1, tag |-> 1]}
MC_Recvs == {[id |-> 1, ctx |-> 0, src |-> 0, tag |-> 1], [id |-> 2, ctx |-> 0, src |-> AnySource, tag |-> AnyTag]}
MC_NumBuckets == 2
MC_Linger == 0
====
