-------------------- MODULE BitVectorSchedulerTraceMutants --------------------
(***************************************************************************)
(* Mutants of BitVectorSchedulerTrace's own steps, each replacing one      *)
(* operator in TLC's configuration, to show that the trace spec's          *)
(* promises can fail on a recorded trace of the real scheduler.            *)
(***************************************************************************)
EXTENDS BitVectorSchedulerTrace

(* A signal that reads the worker's announcement and, finding it asleep,   *)
(* delivers no unpark: the worker sleeps with the thread marked, and       *)
(* WorkerNoLostWakeup fails at the first signal that finds it asleep.      *)
WakeNoUnpark(r, v) ==
    /\ spc[r] = "wake"
    /\ v = sleeping
    /\ spc' = [spc EXCEPT ![r] = "done"]
    /\ UNCHANGED <<words, index, sleeping, wperm, wpc, snap, wcur, local, running, tpc, ix, permit, flag, waiter, bad>>
=============================================================================
