------------------------- MODULE BitVectorScheduler -------------------------
(***************************************************************************)
(* Dang, Snir & Gropp §3.1, Algorithms 3-4: the bit-vector thread          *)
(* scheduler, as org.mpiverify.core.sched implements it (ReadyBitVector,   *)
(* BitVectorWorker, DangScheduler over the JDK's virtual threads).         *)
(*                                                                         *)
(* One worker runs the threads Threads. A thread's bit is in word          *)
(* WordOf[t]; the index has one bit per group of words (GroupOf[w]).       *)
(* ThreadSignal sets the word bit, then the index bit, then wakes the      *)
(* worker if it sleeps. The worker exchanges the index (all groups at      *)
(* once), then visits the words of the groups it took in order,            *)
(* exchanging each non-empty one and switching to its threads in turn;     *)
(* with nothing to do it announces that it sleeps, re-reads the index, and *)
(* parks (the JVM's departure from the paper's ever-polling worker).       *)
(*                                                                         *)
(* Each thread runs a Waitall over its requests Reqs[t]: for each request  *)
(* it publishes itself as the waiter, checks the request's "already        *)
(* signalled" flag (§3.1's flag; the core's completion state) and parks    *)
(* unless it is set. A park is the JDK's: it returns at once if the        *)
(* thread's permit is set; the thread is submitted to the scheduler (its   *)
(* bit set) only on the change from parked to unparked, once per park.     *)
(* One server per request completes it: sets its flag, then, if a waiter   *)
(* is published, unparks the owner.                                        *)
(***************************************************************************)
EXTENDS Naturals, Sequences, FiniteSets, TLC

CONSTANTS Threads, Reqs, NumWords, WordOf, GroupOf, None

Words == 1..NumWords
Groups == {GroupOf[w] : w \in Words}
Requests == UNION {{Reqs[t][i] : i \in 1..Len(Reqs[t])} : t \in Threads}
Owner(r) == CHOOSE t \in Threads : \E i \in 1..Len(Reqs[t]) : Reqs[t][i] = r

VARIABLES
    words,     \* [Words -> SUBSET Threads]  first level
    index,     \* SUBSET Groups              second level
    sleeping,  \* the worker announced that it sleeps
    wperm,     \* the worker's park permit (LockSupport's: an unpark before the park)
    wpc,       \* worker: "scan" | "words" | "run" | "busy" | "idle" | "sleep" | "asleep"
    snap,      \* the groups the current pass took from the index
    wcur,      \* the word the pass is at
    local,     \* the threads of the word it took
    running,   \* the thread the worker runs, or None
    tpc,       \* [Threads -> "publish" | "check" | "park" | "parked" | "unparked" | "done"]
    ix,        \* [Threads -> Nat] the request its Waitall is at
    permit,    \* [Threads -> BOOLEAN] the JDK's park permit
    flag,      \* [Requests -> BOOLEAN] "already signalled"
    waiter,    \* [Requests -> BOOLEAN] a waiter is published
    spc,       \* [Requests -> "idle" | "unpark" | "word" | "index" | "wake" | "done"]
    bad        \* a switch to a thread that was not waiting to run (ghost)

vars == <<words, index, sleeping, wperm, wpc, snap, wcur, local, running, tpc, ix, permit, flag, waiter, spc, bad>>
View == vars

Cur(t) == Reqs[t][ix[t]]

Init ==
    /\ words = [w \in Words |-> {t \in Threads : WordOf[t] = w}]      \* creation marks every thread
    /\ index = {GroupOf[WordOf[t]] : t \in Threads}
    /\ sleeping = FALSE
    /\ wperm = FALSE
    /\ wpc = "scan"
    /\ snap = {}
    /\ wcur = 1
    /\ local = {}
    /\ running = None
    /\ tpc = [t \in Threads |-> "unparked"]
    /\ ix = [t \in Threads |-> 1]
    /\ permit = [t \in Threads |-> FALSE]
    /\ flag = [r \in Requests |-> FALSE]
    /\ waiter = [r \in Requests |-> FALSE]
    /\ spc = [r \in Requests |-> "idle"]
    /\ bad = FALSE

TypeOK ==
    /\ words \in [Words -> SUBSET Threads]
    /\ index \subseteq Groups
    /\ wpc \in {"scan", "words", "run", "busy", "idle", "sleep", "asleep"}
    /\ running \in Threads \cup {None}
    /\ tpc \in [Threads -> {"publish", "check", "park", "parked", "unparked", "running", "done"}]

---------------------------------------------------------------------------
(* The worker (Algorithm 3). *)

(* A pass begins: exchange the index. *)
TakeIndex ==
    /\ wpc = "scan"
    /\ index # {}
    /\ snap' = index
    /\ index' = {}
    /\ wcur' = 1
    /\ wpc' = "words"
    /\ UNCHANGED <<words, sleeping, wperm, local, running, tpc, ix, permit, flag, waiter, spc, bad>>

(* At word wcur: exchange it if its group was taken and it is not zero, else pass it by. *)
TakeWord ==
    /\ wpc = "words"
    /\ IF wcur > NumWords
       THEN /\ wpc' = "scan" /\ UNCHANGED <<words, local, wcur>>
       ELSE IF GroupOf[wcur] \in snap /\ words[wcur] # {}
            THEN /\ local' = words[wcur]
                 /\ words' = [words EXCEPT ![wcur] = {}]
                 /\ wpc' = "run"
                 /\ UNCHANGED wcur
            ELSE /\ wcur' = wcur + 1 /\ UNCHANGED <<words, local, wpc>>
    /\ UNCHANGED <<index, sleeping, wperm, snap, running, tpc, ix, permit, flag, waiter, spc, bad>>

(* ContextSwitch to the lowest thread of the snapshot word; it must be waiting to run. *)
Switch ==
    /\ wpc = "run"
    /\ IF local = {}
       THEN /\ wpc' = "words" /\ wcur' = wcur + 1 /\ UNCHANGED <<local, running, tpc, bad>>
       ELSE LET t == CHOOSE x \in local : TRUE IN
            /\ local' = local \ {t}
            /\ bad' = (bad \/ tpc[t] # "unparked")
            /\ running' = t
            /\ tpc' = [tpc EXCEPT ![t] = IF @ # "unparked" THEN @ ELSE IF waiter[Cur(t)] THEN "check" ELSE "publish"]
            /\ wpc' = "busy"
            /\ UNCHANGED wcur
    /\ UNCHANGED <<words, index, sleeping, wperm, snap, ix, permit, flag, waiter, spc>>

(* A pass found nothing: the worker decides to sleep (its drain returned 0) ... *)
FoundNothing ==
    /\ wpc = "scan"
    /\ index = {}
    /\ wpc' = "idle"
    /\ UNCHANGED <<wperm, words, index, sleeping, snap, wcur, local, running, tpc, ix, permit, flag, waiter, spc, bad>>

(* ... announces the sleep ... *)
Announce ==
    /\ wpc = "idle"
    /\ sleeping' = TRUE
    /\ wpc' = "sleep"
    /\ UNCHANGED <<wperm, words, index, snap, wcur, local, running, tpc, ix, permit, flag, waiter, spc, bad>>

(* ... re-read the index, and park only if it is still empty (a park returns at once, *)
(* taking the permit, if a signaller unparked the worker since it announced).          *)
Recheck ==
    /\ wpc = "sleep"
    /\ IF index = {} /\ ~wperm
       THEN wpc' = "asleep" /\ UNCHANGED <<sleeping, wperm>>
       ELSE wpc' = "scan" /\ sleeping' = FALSE /\ wperm' = (wperm /\ index # {})
    /\ UNCHANGED <<words, index, snap, wcur, local, running, tpc, ix, permit, flag, waiter, spc, bad>>

---------------------------------------------------------------------------
(* A thread's Waitall, while the worker runs it. *)

Next1(t) == IF ix[t] = Len(Reqs[t]) THEN "done" ELSE "publish"

Publish(t) ==
    /\ running = t /\ tpc[t] = "publish"
    /\ waiter' = [waiter EXCEPT ![Cur(t)] = TRUE]
    /\ tpc' = [tpc EXCEPT ![t] = "check"]
    /\ UNCHANGED <<words, index, sleeping, wperm, wpc, snap, wcur, local, running, ix, permit, flag, spc, bad>>

(* The flag set: on to the next request (or done: back to the worker). Clear: ThreadWait. *)
Check(t) ==
    /\ running = t /\ tpc[t] = "check"
    /\ IF flag[Cur(t)]
       THEN /\ tpc' = [tpc EXCEPT ![t] = Next1(t)]
            /\ ix' = [ix EXCEPT ![t] = IF Next1(t) = "done" THEN @ ELSE @ + 1]
            /\ running' = IF Next1(t) = "done" THEN None ELSE t
            /\ wpc' = IF Next1(t) = "done" THEN "run" ELSE wpc
       ELSE /\ tpc' = [tpc EXCEPT ![t] = "park"]
            /\ UNCHANGED <<ix, running, wpc>>
    /\ UNCHANGED <<words, index, sleeping, wperm, snap, wcur, local, permit, flag, waiter, spc, bad>>

(* ThreadWait: the JDK's park. A permit makes it return at once (to re-check); else the    *)
(* thread yields to the worker, which goes on with its snapshot.                          *)
Park(t) ==
    /\ running = t /\ tpc[t] = "park"
    /\ IF permit[t]
       THEN /\ permit' = [permit EXCEPT ![t] = FALSE]
            /\ tpc' = [tpc EXCEPT ![t] = "check"]
            /\ UNCHANGED <<running, wpc>>
       ELSE /\ tpc' = [tpc EXCEPT ![t] = "parked"]
            /\ running' = None
            /\ wpc' = "run"
            /\ UNCHANGED permit
    /\ UNCHANGED <<words, index, sleeping, wperm, snap, wcur, local, ix, flag, waiter, spc, bad>>

---------------------------------------------------------------------------
(* A request's server: complete it, then ThreadSignal its waiter. *)

Complete(r) ==
    /\ spc[r] = "idle"
    /\ flag' = [flag EXCEPT ![r] = TRUE]
    /\ spc' = [spc EXCEPT ![r] = "unpark"]
    /\ UNCHANGED <<words, index, sleeping, wperm, wpc, snap, wcur, local, running, tpc, ix, permit, waiter, bad>>

(* The JDK's unpark: a parked thread is made unparked and submitted (its bits set next);  *)
(* any other gets the permit. Nothing if no waiter is published (it will see the flag).   *)
Unpark(r) ==
    LET t == Owner(r) IN
    /\ spc[r] = "unpark"
    /\ IF ~waiter[r]
       THEN spc' = [spc EXCEPT ![r] = "done"] /\ UNCHANGED <<tpc, permit>>
       ELSE IF tpc[t] = "parked"
            THEN /\ tpc' = [tpc EXCEPT ![t] = "unparked"]
                 /\ spc' = [spc EXCEPT ![r] = "word"]
                 /\ UNCHANGED permit
            ELSE /\ permit' = [permit EXCEPT ![t] = TRUE]
                 /\ spc' = [spc EXCEPT ![r] = "done"]
                 /\ UNCHANGED tpc
    /\ UNCHANGED <<words, index, sleeping, wperm, wpc, snap, wcur, local, running, ix, flag, waiter, bad>>

(* ThreadSignal (Algorithm 4): the word bit ... *)
SetWord(r) ==
    LET t == Owner(r) IN
    /\ spc[r] = "word"
    /\ words' = [words EXCEPT ![WordOf[t]] = @ \cup {t}]
    /\ spc' = [spc EXCEPT ![r] = "index"]
    /\ UNCHANGED <<index, sleeping, wperm, wpc, snap, wcur, local, running, tpc, ix, permit, flag, waiter, bad>>

(* ... then the index bit ... *)
SetIndex(r) ==
    LET t == Owner(r) IN
    /\ spc[r] = "index"
    /\ index' = index \cup {GroupOf[WordOf[t]]}
    /\ spc' = [spc EXCEPT ![r] = "wake"]
    /\ UNCHANGED <<words, sleeping, wperm, wpc, snap, wcur, local, running, tpc, ix, permit, flag, waiter, bad>>

(* ... then unpark the worker if it announced a sleep: a parked worker runs; one not yet *)
(* parked gets the permit.                                                              *)
WakeWorker(r) ==
    /\ spc[r] = "wake"
    /\ IF sleeping /\ wpc = "asleep"
       THEN /\ sleeping' = FALSE
            /\ wpc' = "scan"
            /\ UNCHANGED wperm
       ELSE /\ wperm' = (wperm \/ sleeping)
            /\ UNCHANGED <<sleeping, wpc>>
    /\ spc' = [spc EXCEPT ![r] = "done"]
    /\ UNCHANGED <<words, index, snap, wcur, local, running, tpc, ix, permit, flag, waiter, bad>>

---------------------------------------------------------------------------
WorkerStep == TakeIndex \/ TakeWord \/ Switch \/ FoundNothing \/ Announce \/ Recheck
ThreadStep(t) == Publish(t) \/ Check(t) \/ Park(t)
ServerStep(r) == Complete(r) \/ Unpark(r) \/ SetWord(r) \/ SetIndex(r) \/ WakeWorker(r)

Done == /\ \A t \in Threads : tpc[t] = "done"
        /\ \A r \in Requests : spc[r] = "done"
Terminated == Done /\ UNCHANGED vars

Next == WorkerStep \/ (\E t \in Threads : ThreadStep(t)) \/ (\E r \in Requests : ServerStep(r)) \/ Terminated

(* Fairness: the worker, each thread it runs, each server keep taking steps while they can. *)
Spec == Init /\ [][Next]_vars
             /\ WF_vars(WorkerStep)
             /\ \A t \in Threads : WF_vars(ThreadStep(t))
             /\ \A r \in Requests : WF_vars(ServerStep(r))

---------------------------------------------------------------------------
(* Properties: what the scheduler promises the threads. *)

(* No thread is switched to unless it waits to run: it never runs twice at once, and no   *)
(* stale signal runs a thread that is running, parked without a signal, or ended.          *)
SwitchOnlyToWaiting == ~bad

(* The bit-vector's invariant (ReadyBitVector): a marked thread will be found, because its *)
(* group's index bit is set, or its signaller is between its two bit sets, or the current  *)
(* pass took its group and has not passed its word yet.                                    *)
IndexCoversWords ==
    \A t \in Threads :
        t \in words[WordOf[t]] =>
            \/ GroupOf[WordOf[t]] \in index
            \/ \E r \in Requests : Owner(r) = t /\ spc[r] = "index"
            \/ /\ wpc \in {"words", "run", "busy"}
               /\ GroupOf[WordOf[t]] \in snap
               /\ (wcur < WordOf[t] \/ (wcur = WordOf[t] /\ wpc = "words"))

(* No lost wake-up: a thread parked on a request whose flag is set has a signal on its way. *)
NoLostWakeup ==
    \A t \in Threads :
        (tpc[t] = "parked" /\ flag[Cur(t)]) => spc[Cur(t)] = "unpark"

(* A thread made runnable eventually runs. *)
SignalledEventuallyRuns == \A t \in Threads : (tpc[t] = "unparked") ~> (running = t)

(* Every Waitall returns. *)
WaitallReturns == \A t \in Threads : <>(tpc[t] = "done")

(* Every ThreadSignal returns: a completer that signals a waiter is not held by it. *)
SignalsReturn == \A r \in Requests : <>(spc[r] = "done")
=============================================================================
