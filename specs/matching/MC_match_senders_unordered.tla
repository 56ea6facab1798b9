---- MODULE MC_match_senders_unordered ----
(* Generated from specs/manifest.json by org.mpiverify.specs.ModelGenerator: do not edit. *)
(* Model match_senders_unordered: reachability witness: with the program of match_wild_2s, a *)
(* receive takes sender 1's message while sender 0's earlier-id message that it fits is still *)
(* queued (MPI orders no two senders; a model with one global send order would not get here) *)
EXTENDS Matching
MC_Contexts == {0}
MC_Msgs == {[id |-> 1, ctx |-> 0, src |-> 0, tag |-> 1], [id |-> 2, ctx |-> 0, src |-> 0, tag |-> 2], [id |-> 3, ctx |-> 0, src |-> 1, tag |-> 1]}
MC_Recvs == {[id |-> 1, ctx |-> 0, src |-> AnySource, tag |-> 1], [id |-> 2, ctx |-> 0, src |-> 0, tag |-> AnyTag], [id |-> 3, ctx |-> 0, src |-> AnySource, tag |-> AnyTag]}
MC_CanCancel == TRUE
====
