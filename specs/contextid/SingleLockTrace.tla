------------------------ MODULE SingleLockTrace ------------------------
(***************************************************************************)
(* Trace validation of org.mpiverify.core.contextid.                      *)
(* SingleThreadedContextIdAllocator against SingleLock (EXTENDS, not a    *)
(* copy); the method is MultithreadedFig3Trace's, the trace read as data *)
(* in one TLC run with a call's slot restarted when a new call takes it. Events, one per action, *)
(* stamped while the allocator's lock is held:                             *)
(*   Enter   lock taken, the mask sent (the lock is held on)               *)
(*   Finish  the allreduce's return, the id taken or ERR_OTHER, unlock     *)
(*   Free    an id returned to the mask                                    *)
(* No step is silent. A trace of the deadly embrace ends with every       *)
(* thread in Enter: TLC accepts it (the spec has the deadlock too), and   *)
(* the run is the audit's HANG.                                            *)
(***************************************************************************)
EXTENDS SingleLock, ContextIdSlotThreads

CONSTANTS
    Trace,      \* Seq of events, in the recorded global order
    FromInit,   \* TRUE: the window starts in Init; FALSE: in Start
    Start,      \* [mask, pc, newId, inbox, offer, lock]: where the window starts
    StopAt,     \* print the state when event StopAt is next, and stop (Len(Trace) + 1: the whole trace)
    Rebase      \* the checker's history window; not needed here (no history grows: slots restart)

VARIABLES
    l,          \* the next event: events 1 .. l-1 have been taken
    r           \* the event before which a slot was last restarted (0: none)

E == Trace[l]

(* The state printed at StopAt: every variable but the history variable event. *)
StateRecord == [mask |-> mask, pc |-> pc, newId |-> newId, inbox |-> inbox, offer |-> offer, lock |-> lock]

(* The word t sent in the step just taken. *)
Offered(t) == offer'[Cl[t]][Pr[t]]

TraceInit ==
    /\ l = 1
    /\ r = 0
    /\ TLCSet(1, 0)
    /\ IF FromInit THEN Init
       ELSE /\ mask = Start.mask
            /\ pc = [t \in Threads |-> IF t \in DOMAIN Start.pc THEN Start.pc[t] ELSE "start"]
            /\ newId = [t \in Threads |-> IF t \in DOMAIN Start.newId THEN Start.newId[t] ELSE 0]
            /\ inbox = Start.inbox
            /\ offer = [c \in Calls |-> IF c \in DOMAIN Start.offer THEN Start.offer[c] ELSE [p \in Procs |-> NoWord]]
            /\ lock = Start.lock
            /\ event = Ev("", "window start", {})

TakeEvent ==
    CASE E.k = "Enter" ->
              /\ Enter(E.t)
              /\ Offered(E.t) = Word(E.m, TRUE)
      [] E.k = "Finish" ->
              /\ Result(E.t).m = E.and
              /\ Finish(E.t)
              /\ pc'[E.t] = E.pc
              /\ newId'[E.t] = E.id
      [] E.k = "Free" ->
              /\ newId[E.t] = E.id
              /\ Free(E.t)
      [] OTHER -> FALSE

(* A new call takes slot Cl[E.t]: the call that held it is over; its threads start again *)
(* (see MultithreadedFig3Trace).                                                          *)
RestartDue == "fresh" \in DOMAIN E /\ r < l
Restart ==
    LET c == Cl[E.t]  ts == MemberThreads(c) IN
    /\ \A t \in ts : pc[t] \in {"failed", "freed"}
    /\ \A p \in Procs : lock[p] \notin ts
    /\ pc' = [t \in Threads |-> IF t \in ts THEN "start" ELSE pc[t]]
    /\ newId' = [t \in Threads |-> IF t \in ts THEN 0 ELSE newId[t]]
    /\ offer' = [offer EXCEPT ![c] = [p \in Procs |-> NoWord]]
    /\ event' = Ev("", "slot " \o ToString(c) \o " restarted for a new call", {})
    /\ r' = l
    /\ UNCHANGED <<mask, inbox, lock, l>>

TraceNext ==
    /\ l <= Len(Trace)
    /\ \/ RestartDue /\ Restart
       \/ ~RestartDue /\ TakeEvent /\ l' = l + 1 /\ UNCHANGED r

(* Constraints: evaluated on every state TLC reaches (they are TRUE, their point is the output).     *)
(* TraceStop ends the run only before the end of the trace: the state after the last event has no  *)
(* successor anyway, and TLC's exit would skip the invariants in that state (a violation by the     *)
(* last event would go unseen).                                                                     *)
TraceProgress == l > TLCGet(1) => (TLCSet(1, l) /\ PrintT(<<"TRACE-REACHED", l>>))
TraceStop == l = StopAt => (PrintT(<<"TRACE-STATE", l, StateRecord>>)
                            /\ (StopAt <= Len(Trace) => TLCSet("exit", TRUE)))
=============================================================================
