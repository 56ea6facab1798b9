---- MODULE MC_match_mut_latest_recv ----
(* Generated from specs/manifest.json by org.mpiverify.specs.ModelGenerator: do not edit. *)
(* Model match_mut_latest_recv: mutant LatestRecv (an arrival takes the latest-posted matching *)
(* receive): the message skips the receive posted before *)
EXTENDS MatchingMutants
MC_Contexts == {0}
MC_Msgs == {[id |-> 1, ctx |-> 0, src |-> 0, tag |-> 1]}
MC_Recvs == {[id |-> 1, ctx |-> 0, src |-> AnySource, tag |-> 1], [id |-> 2, ctx |-> 0, src |-> 0, tag |-> 1]}
MC_CanCancel == FALSE
====
