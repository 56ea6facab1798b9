---- MODULE MC_match_mut_keeps_taken ----
(* Generated from specs/manifest.json by org.mpiverify.specs.ModelGenerator: do not edit. *)
(* Model match_mut_keeps_taken: mutant KeepsTaken (a receive takes a message but leaves it *)
(* unexpected): a second receive takes the same message *)
EXTENDS MatchingMutants
MC_Contexts == {0}
MC_Msgs == {[id |-> 1, ctx |-> 0, src |-> 0, tag |-> 1]}
MC_Recvs == {[id |-> 1, ctx |-> 0, src |-> 0, tag |-> 1], [id |-> 2, ctx |-> 0, src |-> AnySource, tag |-> AnyTag]}
MC_CanCancel == FALSE
====
