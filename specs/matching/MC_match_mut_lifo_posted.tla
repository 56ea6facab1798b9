---- MODULE MC_match_mut_lifo_posted ----
(* Generated from specs/manifest.json by org.mpiverify.specs.ModelGenerator: do not edit. *)
(* Model match_mut_lifo_posted: mutant PostedFirst (receives posted at the head of the queue): the *)
(* second post puts r2 before r1, which no step of MpiMatching does (receives wait in posting *)
(* order) *)
EXTENDS MatchingMutants
MC_Contexts == {0}
MC_Msgs == {[id |-> 1, ctx |-> 0, src |-> 0, tag |-> 1]}
MC_Recvs == {[id |-> 1, ctx |-> 0, src |-> 0, tag |-> 1], [id |-> 2, ctx |-> 0, src |-> 0, tag |-> 1]}
MC_CanCancel == FALSE
====
