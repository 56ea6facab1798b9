---- MODULE MC_match_mut_latest_msg ----
(* Generated from specs/manifest.json by org.mpiverify.specs.ModelGenerator: do not edit. *)
(* Model match_mut_latest_msg: mutant LatestMsg (a receive takes the latest matching unexpected *)
(* message, as after a wild-mode switch that lost the arrival order): (0, ANY_TAG) receives sender *)
(* 0's second message before its first *)
EXTENDS MatchingMutants
MC_Contexts == {0}
MC_Msgs == {[id |-> 1, ctx |-> 0, src |-> 0, tag |-> 1], [id |-> 2, ctx |-> 0, src |-> 0, tag |-> 2]}
MC_Recvs == {[id |-> 1, ctx |-> 0, src |-> 0, tag |-> AnyTag]}
MC_CanCancel == FALSE
====
