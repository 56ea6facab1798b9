---- MODULE MC_locking_blocking ----
(* Generated from specs/manifest.json by org.mpiverify.specs.ModelGenerator: do not edit. *)
(* Model locking_blocking: Listing 1.2 locking with a blocking probe and the program of Listings *)
(* 1.3/1.4: A locks (0,2) and blocks, B cannot lock (0,ANY): spurious deadlock *)
EXTENDS ProbeLocking
MC_Variant == "blocking"
MC_Request == [A |-> [src |-> 0, tag |-> 2], B |-> [src |-> 0, tag |-> Wild]]
MC_Sends == <<[tag |-> 1, size |-> 10], [tag |-> 2, size |-> 20]>>
MC_ReplyAfter == 1
MC_Replier == "B"
====
