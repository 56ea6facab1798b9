---- MODULE MC_locking_polling_barging ----
(* Generated from specs/manifest.json by org.mpiverify.specs.ModelGenerator: do not edit. *)
(* Model locking_polling_barging: mutant BargingMayAcquire (a lock that lets a new request overtake *)
(* a queued overlapping one): under weak fairness A's polling can keep B out forever *)
EXTENDS ProbeLockingMutants
MC_Variant == "polling"
MC_Request == [A |-> [src |-> 0, tag |-> 2], B |-> [src |-> 0, tag |-> Wild]]
MC_Sends == <<[tag |-> 1, size |-> 10], [tag |-> 2, size |-> 20]>>
MC_ReplyAfter == 1
MC_Replier == "B"
====
