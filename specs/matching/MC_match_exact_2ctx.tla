---- MODULE MC_match_exact_2ctx ----
(* Generated from specs/manifest.json by org.mpiverify.specs.ModelGenerator: do not edit. *)
(* Model match_exact_2ctx: two contexts: two same-key messages and receives on one (FIFO on both *)
(* sides), a message and an exact and a wildcard receive on the other; under fair scheduling every *)
(* post and arrival takes effect (CallsTakeEffect) *)
EXTENDS Matching
MC_Contexts == {0, 1}
MC_Msgs == {[id |-> 1, ctx |-> 0, src |-> 0, tag |-> 1], [id |-> 2, ctx |-> 0, src |-> 0, tag |-> 1], [id |-> 3, ctx |-> 1, src |-> 0, tag |-> 1]}
MC_Recvs == {[id |-> 1, ctx |-> 0, src |-> 0, tag |-> 1], [id |-> 2, ctx |-> 0, src |-> 0, tag |-> 1], [id |-> 3, ctx |-> 1, src |-> 0, tag |-> 1], [id |-> 4, ctx |-> 1, src |-> AnySource, tag |-> AnyTag]}
MC_CanCancel == FALSE
====
