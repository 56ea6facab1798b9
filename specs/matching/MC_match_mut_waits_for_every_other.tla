---- MODULE MC_match_mut_waits_for_every_other ----
(* Generated from specs/manifest.json by org.mpiverify.specs.ModelGenerator: do not edit. *)
(* Model match_mut_waits_for_every_other: mutant WaitsForEveryOther (a reorder buffer that holds an *)
(* arrival until every other message of its sender has arrived): the two messages wait for each *)
(* other and neither arrives; every state is correct, so only the temporal CallsTakeEffect sees it *)
EXTENDS MatchingMutants
MC_Contexts == {0}
MC_Msgs == {[id |-> 1, ctx |-> 0, src |-> 0, tag |-> 1], [id |-> 2, ctx |-> 0, src |-> 0, tag |-> 2]}
MC_Recvs == {[id |-> 1, ctx |-> 0, src |-> 0, tag |-> AnyTag]}
MC_CanCancel == FALSE
====
