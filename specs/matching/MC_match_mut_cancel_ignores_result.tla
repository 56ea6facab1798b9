---- MODULE MC_match_mut_cancel_ignores_result ----
(* Generated from specs/manifest.json by org.mpiverify.specs.ModelGenerator: do not edit. *)
(* Model match_mut_cancel_ignores_result: mutant RemoveAlwaysTrue (MPI_Cancel ignores the engine's *)
(* remove result): the receive matched, then its cancel reports success too *)
EXTENDS MatchingMutants
MC_Contexts == {0}
MC_Msgs == {[id |-> 1, ctx |-> 0, src |-> 0, tag |-> 1]}
MC_Recvs == {[id |-> 1, ctx |-> 0, src |-> 0, tag |-> 1]}
MC_CanCancel == TRUE
====
