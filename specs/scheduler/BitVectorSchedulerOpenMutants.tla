-------------------- MODULE BitVectorSchedulerOpenMutants --------------------
(***************************************************************************)
(* Spec mutants of BitVectorSchedulerOpen's promises: each replaces one    *)
(* operator of BitVectorScheduler (the model's "Op <- Mutant") and is a     *)
(* defect WaitYields or StartedSignalsReturn must catch.                   *)
(***************************************************************************)
EXTENDS BitVectorSchedulerOpen

(* ThreadWait as a busy wait: a check that finds the flag clear checks     *)
(* again, holding the worker, instead of parking. A request completed only *)
(* by another thread of the same worker would never complete.              *)
CheckSpins(t) ==
    /\ running = t /\ tpc[t] = "check"
    /\ flag[Cur(t)]
    /\ tpc' = [tpc EXCEPT ![t] = Next1(t)]
    /\ ix' = [ix EXCEPT ![t] = IF Next1(t) = "done" THEN @ ELSE @ + 1]
    /\ running' = IF Next1(t) = "done" THEN None ELSE t
    /\ wpc' = IF Next1(t) = "done" THEN "run" ELSE wpc
    /\ UNCHANGED <<words, index, sleeping, wperm, snap, wcur, local, permit, flag, waiter, spc, bad>>

(* A ThreadSignal that finds no waiter published waits for one instead of  *)
(* returning (the waiter will see the flag): a request waited on later, or *)
(* never, holds its completer.                                             *)
UnparkWaitsForWaiter(r) ==
    LET t == Owner(r) IN
    /\ spc[r] = "unpark"
    /\ waiter[r]
    /\ IF tpc[t] = "parked"
       THEN /\ tpc' = [tpc EXCEPT ![t] = "unparked"]
            /\ spc' = [spc EXCEPT ![r] = "word"]
            /\ UNCHANGED permit
       ELSE /\ permit' = [permit EXCEPT ![t] = TRUE]
            /\ spc' = [spc EXCEPT ![r] = "done"]
            /\ UNCHANGED tpc
    /\ UNCHANGED <<words, index, sleeping, wperm, wpc, snap, wcur, local, running, ix, flag, waiter, bad>>
=============================================================================
