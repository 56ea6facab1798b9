---- MODULE MC_match_wild_2s ----
(* Generated from specs/manifest.json by org.mpiverify.specs.ModelGenerator: do not edit. *)
(* Model match_wild_2s: two senders, three messages (sender 0: tags 1, 2; sender 1: tag 1), *)
(* receives (ANY_SOURCE, 1), (0, ANY_TAG), (ANY_SOURCE, ANY_TAG), any of them cancelled: every *)
(* interleaving of posts, arrivals and cancels keeps the order and loses nothing; under fair *)
(* scheduling every post and arrival takes effect (CallsTakeEffect) *)
EXTENDS Matching
MC_Contexts == {0}
MC_Msgs == {[id |-> 1, ctx |-> 0, src |-> 0, tag |-> 1], [id |-> 2, ctx |-> 0, src |-> 0, tag |-> 2], [id |-> 3, ctx |-> 0, src |-> 1, tag |-> 1]}
MC_Recvs == {[id |-> 1, ctx |-> 0, src |-> AnySource, tag |-> 1], [id |-> 2, ctx |-> 0, src |-> 0, tag |-> AnyTag], [id |-> 3, ctx |-> 0, src |-> AnySource, tag |-> AnyTag]}
MC_CanCancel == TRUE
====
