---- MODULE MC_fig2_lock_around_call_liveness ----
(* Generated from specs/manifest.json by org.mpiverify.specs.ModelGenerator: do not edit. *)
(* Model fig2_lock_around_call_liveness: the same without the deadlock check, seen through the *)
(* promise: the calls never return (RefinesBlockingCallPromise's Termination) *)
EXTENDS BlockingLocks
MC_Granularity == "LOCK_AROUND_CALL"
MC_Procs == {0, 1}
====
