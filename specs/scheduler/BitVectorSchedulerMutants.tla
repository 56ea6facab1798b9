--------------------- MODULE BitVectorSchedulerMutants ---------------------
(***************************************************************************)
(* Spec mutants of BitVectorScheduler: each replaces one operator (the     *)
(* model's "Op <- Mutant") and is a defect some property must catch.       *)
(***************************************************************************)
EXTENDS BitVectorScheduler

(* §3.1 without the per-request flag (ParkAlthoughSignalled, ParkThenGoOn *)
(* and UnparkAlways together): ThreadWait parks whatever the               *)
(* request's state, and every completion signals. Two completions before  *)
(* a Waitall's first wait leave one permit: the second wait sleeps for     *)
(* ever (the lost wake-up the paper's flag prevents).                      *)
ParkAlthoughSignalled(t) ==
    /\ running = t /\ tpc[t] = "check"
    /\ tpc' = [tpc EXCEPT ![t] = "park"]
    /\ UNCHANGED <<words, index, sleeping, wperm, wpc, snap, wcur, local, running, ix, permit, flag, waiter, spc, bad>>
(* After its park returns, the thread takes the wait as over and goes on.  *)
ParkThenGoOn(t) ==
    /\ running = t /\ tpc[t] = "park"
    /\ IF permit[t]
       THEN /\ permit' = [permit EXCEPT ![t] = FALSE]
            /\ tpc' = [tpc EXCEPT ![t] = Next1(t)]
            /\ ix' = [ix EXCEPT ![t] = IF Next1(t) = "done" THEN @ ELSE @ + 1]
            /\ running' = IF Next1(t) = "done" THEN None ELSE t
            /\ wpc' = IF Next1(t) = "done" THEN "run" ELSE wpc
       ELSE /\ tpc' = [tpc EXCEPT ![t] = "parked"]
            /\ running' = None
            /\ wpc' = "run"
            /\ UNCHANGED <<permit, ix>>
    /\ UNCHANGED <<words, index, sleeping, wperm, snap, wcur, local, flag, waiter, spc, bad>>
UnparkAlways(r) ==
    LET t == Owner(r) IN
    /\ spc[r] = "unpark"
    /\ IF tpc[t] = "parked"
       THEN /\ tpc' = [tpc EXCEPT ![t] = "unparked"]
            /\ spc' = [spc EXCEPT ![r] = "word"]
            /\ UNCHANGED permit
       ELSE /\ permit' = [permit EXCEPT ![t] = TRUE]
            /\ spc' = [spc EXCEPT ![r] = "done"]
            /\ UNCHANGED tpc
    /\ UNCHANGED <<words, index, sleeping, wperm, wpc, snap, wcur, local, running, ix, flag, waiter, bad>>

(* The paper's first erroneous use: ThreadSignal twice on one object. The  *)
(* server sets the thread's bit without the parked-to-unparked change (a   *)
(* bare AtomicBitSet), so a signal can mark a thread that is not waiting.  *)
SignalRegardless(r) ==
    LET t == Owner(r) IN
    /\ spc[r] = "unpark"
    /\ IF ~waiter[r]
       THEN spc' = [spc EXCEPT ![r] = "done"] /\ UNCHANGED <<tpc, permit>>
       ELSE /\ tpc' = [tpc EXCEPT ![t] = IF @ = "parked" THEN "unparked" ELSE @]
            /\ permit' = [permit EXCEPT ![t] = IF tpc[t] = "parked" THEN @ ELSE TRUE]
            /\ spc' = [spc EXCEPT ![r] = "word"]
    /\ UNCHANGED <<words, index, sleeping, wperm, wpc, snap, wcur, local, running, ix, flag, waiter, bad>>

(* The paper's second erroneous use, ThreadWait after the signal was      *)
(* consumed, is ParkAlthoughSignalled alone: with the flag protocol        *)
(* otherwise intact, the thread resumed by its signal parks again.         *)

(* ThreadSignal with its two bit sets swapped: the index bit first. The    *)
(* worker can exchange the index between them and miss the word bit.      *)
IndexFirstSetWord(r) ==
    LET t == Owner(r) IN
    /\ spc[r] = "word"
    /\ index' = index \cup {GroupOf[WordOf[t]]}
    /\ spc' = [spc EXCEPT ![r] = "index"]
    /\ UNCHANGED <<words, sleeping, wperm, wpc, snap, wcur, local, running, tpc, ix, permit, flag, waiter, bad>>
IndexFirstSetIndex(r) ==
    LET t == Owner(r) IN
    /\ spc[r] = "index"
    /\ words' = [words EXCEPT ![WordOf[t]] = @ \cup {t}]
    /\ spc' = [spc EXCEPT ![r] = "wake"]
    /\ UNCHANGED <<index, sleeping, wperm, wpc, snap, wcur, local, running, tpc, ix, permit, flag, waiter, bad>>

(* A signal that waits for its waiter to park before unparking it (a      *)
(* handshake in place of LockSupport's permit): a waiter that finds the    *)
(* flag set never parks, and its signaller spins for ever.                 *)
UnparkWaitsForPark(r) ==
    LET t == Owner(r) IN
    /\ spc[r] = "unpark"
    /\ IF ~waiter[r]
       THEN spc' = [spc EXCEPT ![r] = "done"] /\ UNCHANGED tpc
       ELSE IF tpc[t] = "parked"
            THEN /\ tpc' = [tpc EXCEPT ![t] = "unparked"]
                 /\ spc' = [spc EXCEPT ![r] = "word"]
            ELSE UNCHANGED <<spc, tpc>>
    /\ UNCHANGED <<words, index, sleeping, wperm, wpc, snap, wcur, local, running, ix, permit, flag, waiter, bad>>

(* The idle worker parks without re-reading the index after announcing.   *)
SleepWithoutRecheck ==
    /\ wpc = "sleep"
    /\ IF wperm
       THEN wpc' = "scan" /\ sleeping' = FALSE /\ wperm' = FALSE
       ELSE wpc' = "asleep" /\ UNCHANGED <<sleeping, wperm>>
    /\ UNCHANGED <<words, index, snap, wcur, local, running, tpc, ix, permit, flag, waiter, spc, bad>>
=============================================================================
