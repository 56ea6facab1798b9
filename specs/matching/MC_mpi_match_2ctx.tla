---- MODULE MC_mpi_match_2ctx ----
(* Generated from specs/manifest.json by org.mpiverify.specs.ModelGenerator: do not edit. *)
(* Model mpi_match_2ctx: the abstract spec alone, with the program of match_exact_2ctx *)
EXTENDS MpiMatching
MC_Contexts == {0, 1}
MC_Msgs == {[id |-> 1, ctx |-> 0, src |-> 0, tag |-> 1], [id |-> 2, ctx |-> 0, src |-> 0, tag |-> 1], [id |-> 3, ctx |-> 1, src |-> 0, tag |-> 1]}
MC_Recvs == {[id |-> 1, ctx |-> 0, src |-> 0, tag |-> 1], [id |-> 2, ctx |-> 0, src |-> 0, tag |-> 1], [id |-> 3, ctx |-> 1, src |-> 0, tag |-> 1], [id |-> 4, ctx |-> 1, src |-> AnySource, tag |-> AnyTag]}
MC_AnySource == -2
MC_AnyTag == -1
====
