----------------------- MODULE BitVectorSchedulerTrace -----------------------
(***************************************************************************)
(* Trace validation (Cirstea, Kuppe, Loillier, Merz, Ricketts 2024) of one *)
(* worker of the bit-vector scheduler (org.mpiverify.core.sched:           *)
(* BitVectorWorker over ReadyBitVector, Dang, Snir & Gropp §3.1,           *)
(* Algorithms 3-4) against BitVectorScheduler, which it EXTENDS: the       *)
(* recorded steps are taken by the spec's own actions where the Java       *)
(* takes the spec's step, and the spec's invariants are checked in every  *)
(* state.                                                                  *)
(*                                                                         *)
(* Lanes. A thread (Threads) is one virtual thread of the worker (a slot  *)
(* reused by a later thread is another lane); a signal (Requests, the     *)
(* spec's requests: Reqs[t] lists thread t's signals in order) is one     *)
(* hand-over of t to the scheduler by the JDK (DangScheduler.execute).    *)
(* The worker records each access under one lock per worker, with its     *)
(* stamp, so in the order the accesses took effect:                       *)
(*   Word r        the signal's word bit set          SetWord(r)           *)
(*   Index r       its index bit set                  SetIndex(r)          *)
(*   Wake r v      its read of the sleep announcement WakeJ (below)        *)
(*   TakeIndex g   the pass's exchange of the index   TakeIndex            *)
(*   Skip w        a read of word w of a taken group   TakeWord, passing w  *)
(*                 that found it zero                                      *)
(*   TakeWord w ts the exchange of word w, taking ts   TakeWord, taking w   *)
(*   Run t         the switch to thread t             SwitchTo (below)     *)
(*   Yield t, End t  the switch back: t parked or yielded, or ended        *)
(*   Idle, Announce, Recheck v, Awake   the sleep hand-shake (below)       *)
(*                                                                         *)
(* Steps the spec names differently, each explained:                      *)
(*   Submit (silent, just before the signal's Word): the JDK's change of  *)
(*     the thread to runnable, the spec's Complete and Unpark. The JDK    *)
(*     hands a thread over only when it is not runnable: new, parked, or  *)
(*     still on the worker after its continuation yielded (the JDK submits *)
(*     from the carrier, before the worker's call returns); a thread      *)
(*     handed over twice is not a step.                                   *)
(*   SwitchTo t: the spec's Switch picks CHOOSE x \in local; the Java     *)
(*     switches to the recorded thread, which must be in the word taken. *)
(*     A switch to a thread not waiting to run sets bad, as Switch does.  *)
(*   Yield, End: the spec's Waitall steps of a running thread are the     *)
(*     core's waits (validated by CompletionTrace); here the thread only  *)
(*     gives the worker back.                                             *)
(*   Idle: the worker decides to sleep after 64 passes that ran nothing,  *)
(*     not on a read of the index (FoundNothing's guard); Recheck is the  *)
(*     read that must find the index empty, and it is checked.            *)
(*   Recheck v, Awake, WakeJ r v: the spec's worker leaves its sleep in   *)
(*     the waker's step (WakeWorker clears the announcement); the Java    *)
(*     waker only unparks (wperm: the unpark is delivered) and the worker *)
(*     clears the announcement itself when its park returns (Awake), at   *)
(*     any time: LockSupport.park may return without an unpark.          *)
(* Silent bookkeeping of the worker, taken only before its next recorded  *)
(* step and determined by the state: the end of a taken word's threads,   *)
(* passing a word whose group the pass did not take, and the end of a     *)
(* pass (all TakeWord steps of the spec).                                 *)
(*                                                                         *)
(* What the scheduler promises its threads, checked in every state:       *)
(*   SwitchOnlyToWaiting  no thread runs unless handed over since its last *)
(*                        run: none runs twice for one signal             *)
(*   IndexCoversWords     every marked thread will be found by a pass     *)
(*   WorkerNoLostWakeup   the worker never sleeps with a thread marked    *)
(*                        and no unpark delivered or coming               *)
(*   AllSignalledRan      at the end of a whole run (Closed), every       *)
(*                        thread handed over has run                      *)
(***************************************************************************)
EXTENDS BitVectorScheduler

CONSTANTS
    Trace,      \* Seq of events, in the recorded global order
    FromInit,   \* TRUE: the window starts in TraceStart; FALSE: in Start
    Start,      \* where the window starts (StateRecord of the window before)
    StopAt,     \* print the state when event StopAt is next, and stop
    Closed      \* TRUE: the trace ends with every thread of the run ended

VARIABLE l

E == Trace[l]   \* the next event

WorkerKinds == {"TakeIndex", "Skip", "TakeWord", "Run", "Yield", "End", "Idle", "Announce", "Recheck", "Awake"}

(* The JDK hands thread Owner(r) to the scheduler (silent, just before Word r). *)
Submit(r) ==
    LET t == Owner(r) IN
    /\ spc[r] = "idle"
    /\ tpc[t] \in {"new", "parked", "running"}
    /\ tpc' = [tpc EXCEPT ![t] = IF @ = "running" THEN "resubmitted" ELSE "unparked"]
    /\ spc' = [spc EXCEPT ![r] = "word"]
    /\ UNCHANGED <<words, index, sleeping, wperm, wpc, snap, wcur, local, running, ix, permit, flag, waiter, bad>>

(* ContextSwitch to the recorded thread of the word taken. *)
SwitchTo(t) ==
    /\ wpc = "run"
    /\ t \in local
    /\ local' = local \ {t}
    /\ bad' = (bad \/ tpc[t] # "unparked")
    /\ running' = t
    /\ tpc' = [tpc EXCEPT ![t] = "running"]
    /\ wpc' = "busy"
    /\ UNCHANGED <<words, index, sleeping, wperm, snap, wcur, ix, permit, flag, waiter, spc>>

(* The thread gives the worker back: parked or yielded (runnable again if handed over meanwhile) ... *)
Yield(t) ==
    /\ wpc = "busy" /\ running = t
    /\ tpc[t] \in {"running", "resubmitted"}
    /\ tpc' = [tpc EXCEPT ![t] = IF @ = "running" THEN "parked" ELSE "unparked"]
    /\ running' = None
    /\ wpc' = "run"
    /\ UNCHANGED <<words, index, sleeping, wperm, snap, wcur, local, ix, permit, flag, waiter, spc, bad>>

(* ... or ended: a thread handed over again cannot end before it runs. *)
End(t) ==
    /\ wpc = "busy" /\ running = t
    /\ tpc[t] = "running"
    /\ tpc' = [tpc EXCEPT ![t] = "ended"]
    /\ running' = None
    /\ wpc' = "run"
    /\ UNCHANGED <<words, index, sleeping, wperm, snap, wcur, local, ix, permit, flag, waiter, spc, bad>>

(* The worker decides to sleep (FoundNothing without its guard, see above). *)
Idle ==
    /\ wpc = "scan"
    /\ wpc' = "idle"
    /\ UNCHANGED <<wperm, words, index, sleeping, snap, wcur, local, running, tpc, ix, permit, flag, waiter, spc, bad>>

(* Its re-read of the index after the announcement: v = nothing marked; it parks if v. *)
RecheckJ(v) ==
    /\ wpc = "sleep"
    /\ v = (index = {})
    /\ wpc' = IF v THEN "asleep" ELSE "waking"
    /\ UNCHANGED <<sleeping, wperm, words, index, snap, wcur, local, running, tpc, ix, permit, flag, waiter, spc, bad>>

(* The worker runs again (its park returned, or it did not park) and clears its announcement. *)
Awake ==
    /\ wpc \in {"asleep", "waking"}
    /\ wpc' = "scan"
    /\ sleeping' = FALSE
    /\ wperm' = IF wpc = "asleep" THEN FALSE ELSE wperm
    /\ UNCHANGED <<words, index, snap, wcur, local, running, tpc, ix, permit, flag, waiter, spc, bad>>

(* A signal's read of the announcement (v), after its bit sets: it unparks the worker if v. *)
WakeJ(r, v) ==
    /\ spc[r] = "wake"
    /\ v = sleeping
    /\ wperm' = (wperm \/ v)
    /\ spc' = [spc EXCEPT ![r] = "done"]
    /\ UNCHANGED <<words, index, sleeping, wpc, snap, wcur, local, running, tpc, ix, permit, flag, waiter, bad>>

(* The worker's silent bookkeeping (see above). *)
Bookkeeping ==
    \/ /\ wpc = "run" /\ local = {}
       /\ Switch
    \/ /\ wpc = "words"
       /\ IF wcur > NumWords THEN TRUE ELSE GroupOf[wcur] \notin snap   \* IF: TLC splits a disjunction of an action
       /\ TakeWord

---------------------------------------------------------------------------
(* The promises (with the spec's SwitchOnlyToWaiting and IndexCoversWords). *)

WorkerNoLostWakeup ==
    (wpc = "asleep" /\ \E w \in Words : words[w] # {})
        => (wperm \/ \E r \in Requests : spc[r] \in {"index", "wake"})

AllSignalledRan ==
    (Closed /\ l > Len(Trace))
        => /\ \A t \in Threads : tpc[t] \notin {"unparked", "resubmitted"}
           /\ \A r \in Requests : spc[r] = "done"

---------------------------------------------------------------------------
StateRecord == [words |-> words, index |-> index, sleeping |-> sleeping, wperm |-> wperm, wpc |-> wpc,
                snap |-> snap, wcur |-> wcur, local |-> local, running |-> running, tpc |-> tpc,
                spc |-> spc, bad |-> bad]

TraceInit ==
    /\ l = 1
    /\ TLCSet(1, 0)
    /\ ix = [t \in Threads |-> 1]
    /\ permit = [t \in Threads |-> FALSE]
    /\ flag = [r \in Requests |-> FALSE]
    /\ waiter = [r \in Requests |-> FALSE]
    /\ IF FromInit
       THEN /\ words = [w \in Words |-> {}]
            /\ index = {}
            /\ sleeping = FALSE
            /\ wperm = FALSE
            /\ wpc = "scan"
            /\ snap = {}
            /\ wcur = 1
            /\ local = {}
            /\ running = None
            /\ tpc = [t \in Threads |-> "new"]
            /\ spc = [r \in Requests |-> "idle"]
            /\ bad = FALSE
       ELSE \* the window's lanes: those of Start that have steps left, and new ones
            /\ words = [w \in Words |-> Start.words[w] \cap Threads]
            /\ index = Start.index
            /\ sleeping = Start.sleeping
            /\ wperm = Start.wperm
            /\ wpc = Start.wpc
            /\ snap = Start.snap
            /\ wcur = Start.wcur
            /\ local = Start.local \cap Threads
            /\ running = Start.running
            /\ tpc = [t \in Threads |-> IF t \in DOMAIN Start.tpc THEN Start.tpc[t] ELSE "new"]
            /\ spc = [r \in Requests |-> IF r \in DOMAIN Start.spc THEN Start.spc[r] ELSE "idle"]
            /\ bad = Start.bad

TakeEvent ==
    CASE E.k = "Word" -> SetWord(E.r)
      [] E.k = "Index" -> SetIndex(E.r)
      [] E.k = "Wake" -> WakeJ(E.r, E.v)
      [] E.k = "TakeIndex" -> TakeIndex /\ snap' = E.g
      [] E.k = "Skip" -> /\ wpc = "words" /\ wcur = E.w /\ GroupOf[wcur] \in snap
                         /\ words[wcur] = {}
                         /\ TakeWord
      [] E.k = "TakeWord" -> /\ wpc = "words" /\ wcur = E.w /\ GroupOf[wcur] \in snap
                             /\ TakeWord
                             /\ local' = E.ts
      [] E.k = "Run" -> SwitchTo(E.t)
      [] E.k = "Yield" -> Yield(E.t)
      [] E.k = "End" -> End(E.t)
      [] E.k = "Idle" -> Idle
      [] E.k = "Announce" -> Announce
      [] E.k = "Recheck" -> RecheckJ(E.v)
      [] E.k = "Awake" -> Awake
      [] OTHER -> FALSE

TraceNext ==
    /\ l <= Len(Trace)
    /\ \/ TakeEvent /\ l' = l + 1
       \/ E.k = "Word" /\ Submit(E.r) /\ UNCHANGED l
       \/ E.k \in WorkerKinds /\ Bookkeeping /\ UNCHANGED l

(* Constraints: evaluated on every state TLC reaches (they are TRUE, their point is the output).     *)
(* TraceStop ends the run only before the end of the trace (see ProbeTrace).                        *)
TraceProgress == l > TLCGet(1) => (TLCSet(1, l) /\ PrintT(<<"TRACE-REACHED", l>>))
TraceStop == l = StopAt => (PrintT(<<"TRACE-STATE", l, StateRecord>>)
                            /\ (StopAt <= Len(Trace) => TLCSet("exit", TRUE)))
=============================================================================
