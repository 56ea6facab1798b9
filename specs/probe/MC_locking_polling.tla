---- MODULE MC_locking_polling ----
(* Generated from specs/manifest.json by org.mpiverify.specs.ModelGenerator: do not edit. *)
(* Model locking_polling: Listing 1.5 polling protocol with the same program, map entries granted *)
(* first come first served among overlapping requests, weak fairness only: terminates *)
EXTENDS ProbeLocking
MC_Variant == "polling"
MC_Request == [A |-> [src |-> 0, tag |-> 2], B |-> [src |-> 0, tag |-> Wild]]
MC_Sends == <<[tag |-> 1, size |-> 10], [tag |-> 2, size |-> 20]>>
MC_ReplyAfter == 1
MC_Replier == "B"
====
