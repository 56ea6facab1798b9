---- MODULE MC_fig2_lock_around_call ----
(* Generated from specs/manifest.json by org.mpiverify.specs.ModelGenerator: do not edit. *)
(* Model fig2_lock_around_call: LOCK_AROUND_CALL: both receivers lock, post and wait holding the *)
(* lock; no send can run *)
EXTENDS BlockingLocks
MC_Granularity == "LOCK_AROUND_CALL"
MC_Procs == {0, 1}
====
