---- MODULE MC_hash_mut_flag_back_early ----
(* Generated from specs/manifest.json by org.mpiverify.specs.ModelGenerator: do not edit. *)
(* Model hash_mut_flag_back_early: mutant FlagBackEarly (the mode word turned fast before the items *)
(* are back): a fast arrival queues behind nothing, then the posted receive of its key is moved *)
(* back behind it *)
EXTENDS HashMatchingMutants
MC_Msgs == {[id |-> 1, ctx |-> 0, src |-> 0, tag |-> 1], [id |-> 2, ctx |-> 0, src |-> 0, tag |-> 2], [id |-> 3, ctx |-> 0, src |-> 1, tag |-> 1]}
MC_Recvs == {[id |-> 1, ctx |-> 0, src |-> 0, tag |-> 1], [id |-> 2, ctx |-> 0, src |-> AnySource, tag |-> AnyTag]}
MC_NumBuckets == 2
MC_Linger == 0
====
