---- MODULE MC_match_mut_wild_ignored ----
(* Generated from specs/manifest.json by org.mpiverify.specs.ModelGenerator: do not edit. *)
(* Model match_mut_wild_ignored: mutant WildcardIgnored (ANY_SOURCE compared as a literal source): *)
(* an (ANY_SOURCE, 1) receive waits beside a message from source 0 with tag 1 *)
EXTENDS MatchingMutants
MC_Contexts == {0}
MC_Msgs == {[id |-> 1, ctx |-> 0, src |-> 0, tag |-> 1]}
MC_Recvs == {[id |-> 1, ctx |-> 0, src |-> AnySource, tag |-> 1]}
MC_CanCancel == FALSE
====
