---- MODULE MC_mpi_match_wild ----
(* Generated from specs/manifest.json by org.mpiverify.specs.ModelGenerator: do not edit. *)
(* Model mpi_match_wild: the abstract spec alone, with the program of match_wild_2s: its promises *)
(* hold in it (sanity of the oracle); a receive that several senders' messages fit takes any *)
(* sender's earliest *)
EXTENDS MpiMatching
MC_Contexts == {0}
MC_Msgs == {[id |-> 1, ctx |-> 0, src |-> 0, tag |-> 1], [id |-> 2, ctx |-> 0, src |-> 0, tag |-> 2], [id |-> 3, ctx |-> 0, src |-> 1, tag |-> 1]}
MC_Recvs == {[id |-> 1, ctx |-> 0, src |-> AnySource, tag |-> 1], [id |-> 2, ctx |-> 0, src |-> 0, tag |-> AnyTag], [id |-> 3, ctx |-> 0, src |-> AnySource, tag |-> AnyTag]}
MC_AnySource == -2
MC_AnyTag == -1
====
