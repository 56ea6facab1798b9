---- MODULE MC_locking_polling_barging ----
(* Generated from specs/manifest.json by org.mpiverify.specs.ModelGenerator: do not edit. *)
(* Model locking_polling_barging: mutant BargingMayAcquire (a lock that lets a new request overtake *)
(* a queued overlapping one): under weak fairness A's polling can keep B out forever *)
EXTENDS ProbeLockingMutants
MC_Variant == "polling"
====
