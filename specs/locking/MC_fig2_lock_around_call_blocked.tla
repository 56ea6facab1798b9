---- MODULE MC_fig2_lock_around_call_blocked ----
(* Generated from specs/manifest.json by org.mpiverify.specs.ModelGenerator: do not edit. *)
(* Model fig2_lock_around_call_blocked: that §4's rule NoLockWhileBlocked catches LOCK_AROUND_CALL *)
(* before any deadlock: a receiver waits holding its lock *)
EXTENDS BlockingLocks
MC_Granularity == "LOCK_AROUND_CALL"
MC_Procs == {0, 1}
====
