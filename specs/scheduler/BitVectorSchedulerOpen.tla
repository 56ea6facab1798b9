----------------------- MODULE BitVectorSchedulerOpen -----------------------
(***************************************************************************)
(* BitVectorScheduler where a request's completion is the environment's    *)
(* and may never come (a receive nobody matches), and the two promises of   *)
(* §3.1 that only such a request shows:                                    *)
(*                                                                         *)
(* - ThreadWait yields the worker: a thread whose request is not complete  *)
(*   does not keep the worker (Dang, Snir & Gropp §3.1: the waiting thread *)
(*   is descheduled until ThreadSignal; the worker runs the others). With  *)
(*   every request completed at some time (Spec), a thread that spins     *)
(*   through its wait instead looks the same: its flag comes in the end.   *)
(* - ThreadSignal returns: a completer that began to signal finishes,     *)
(*   whether or not anybody waits on its request yet (a request waited on *)
(*   later, or never).                                                     *)
(*                                                                         *)
(* OpenSpec keeps every fairness of Spec but the completion's: a server    *)
(* that has completed its request finishes its signal.                     *)
(*                                                                         *)
(* WordView is View with the worker's word index cut at NumWords + 1: every *)
(* step reads wcur only as a word (wcur <= NumWords) or as "past the last" *)
(* (TakeWord's wcur > NumWords; IndexCoversWords's wcur < WordOf[t], false *)
(* for every index past the last), and Switch's wcur + 1 keeps an index   *)
(* past the last past it. Two states that differ only in an index past the *)
(* last have the same successors up to it: a bisimulation, sound for       *)
(* liveness. A worker that never leaves the run state then loops in a      *)
(* finite graph, where TLC can show it.                                    *)
(***************************************************************************)
EXTENDS BitVectorScheduler

OpenSpec == Init /\ [][Next]_vars
                 /\ WF_vars(WorkerStep)
                 /\ \A t \in Threads : WF_vars(ThreadStep(t))
                 /\ \A r \in Requests : WF_vars(spc[r] # "idle" /\ ServerStep(r))

WordView == <<words, index, sleeping, wperm, wpc, snap, IF wcur > NumWords THEN NumWords + 1 ELSE wcur,
              local, running, tpc, ix, permit, flag, waiter, spc, bad>>

(* The worker runs t: it switched to t and t has not given it back. (Not running = t alone: a   *)
(* parked thread may leave that pointer stale; the worker's state says whether it is taken.)  *)
Holds(t) == wpc = "busy" /\ running = t

(* A thread whose request is not complete gives the worker back. *)
WaitYields == \A t \in Threads : (Holds(t) /\ ~flag[Cur(t)]) ~> (~Holds(t) \/ flag[Cur(t)])

(* A ThreadSignal that has begun returns. *)
StartedSignalsReturn == \A r \in Requests : (spc[r] # "idle") ~> (spc[r] = "done")
=============================================================================
