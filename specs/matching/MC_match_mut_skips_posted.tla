---- MODULE MC_match_mut_skips_posted ----
(* Generated from specs/manifest.json by org.mpiverify.specs.ModelGenerator: do not edit. *)
(* Model match_mut_skips_posted: mutant SkipsPosted (an arrival queues without looking at the *)
(* posted receives, the effect of a check-then-act arrival): a posted receive and an unexpected *)
(* message that match both wait *)
EXTENDS MatchingMutants
MC_Contexts == {0}
MC_Msgs == {[id |-> 1, ctx |-> 0, src |-> 0, tag |-> 1]}
MC_Recvs == {[id |-> 1, ctx |-> 0, src |-> 0, tag |-> 1]}
MC_CanCancel == FALSE
====
