---- MODULE MC_match_mut_false_match ----
(* Generated from specs/manifest.json by org.mpiverify.specs.ModelGenerator: do not edit. *)
(* Model match_mut_false_match: mutant SourceIgnored (the source test forgotten): a receive from *)
(* source 0 takes source 1's message; nothing is left pending, so only MatchesFit sees it *)
EXTENDS MatchingMutants
MC_Contexts == {0}
MC_Msgs == {[id |-> 1, ctx |-> 0, src |-> 1, tag |-> 1]}
MC_Recvs == {[id |-> 1, ctx |-> 0, src |-> 0, tag |-> 1]}
MC_CanCancel == FALSE
====
