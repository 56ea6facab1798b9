---- MODULE MC_locking_race_polling ----
(* Generated from specs/manifest.json by org.mpiverify.specs.ModelGenerator: do not edit. *)
(* Model locking_race_polling: the race program (A (0, ANY), B (0, 1), two tag-1 messages of *)
(* different sizes) under Listing 1.5 with the map lock held from probe to recv: no false match, *)
(* each message once, refinement of MpiProbe's mprobe program, termination *)
EXTENDS ProbeLocking
MC_Variant == "polling"
MC_Request == [A |-> [src |-> 0, tag |-> Wild], B |-> [src |-> 0, tag |-> 1]]
MC_Sends == <<[tag |-> 1, size |-> 10], [tag |-> 1, size |-> 20]>>
MC_ReplyAfter == 0
MC_Replier == "none"
====
