---- MODULE MC_match_mut_keeps_taken_loss ----
(* Generated from specs/manifest.json by org.mpiverify.specs.ModelGenerator: do not edit. *)
(* Model match_mut_keeps_taken_loss: mutant KeepsTaken against NoLoss: the taken message is both *)
(* matched and unexpected *)
EXTENDS MatchingMutants
MC_Contexts == {0}
MC_Msgs == {[id |-> 1, ctx |-> 0, src |-> 0, tag |-> 1]}
MC_Recvs == {[id |-> 1, ctx |-> 0, src |-> 0, tag |-> 1]}
MC_CanCancel == FALSE
====
