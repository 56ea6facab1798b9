------------------------ MODULE NaiveRetryTrace ------------------------
(***************************************************************************)
(* Trace validation of org.mpiverify.core.contextid.                      *)
(* NaiveRetryContextIdAllocator against NaiveRetry (EXTENDS, not a copy); *)
(* the method is MultithreadedFig3Trace's. Events, one per action,        *)
(* stamped inside the allocator's lock (Decide without a give-back: at    *)
(* the return of allreduce #2):                                            *)
(*   Snapshot  the mask read, allreduce #1 sent                            *)
(*   Reserve   allreduce #1 returned; reserve if unchanged; #2 sent        *)
(*   Decide    allreduce #2 returned; accept, or undo and retry            *)
(*   Free      an id returned to the mask                                  *)
(* No step is silent.                                                      *)
(***************************************************************************)
EXTENDS NaiveRetry, ContextIdSlotThreads

CONSTANTS
    Trace,      \* Seq of events, in the recorded global order
    FromInit,   \* TRUE: the window starts in Init; FALSE: in Start
    Start,      \* [mask, pc, newId, inbox, offer, snap, cand]: where the window starts
    StopAt,     \* print the state when event StopAt is next, and stop (Len(Trace) + 1: the whole trace)
    Rebase      \* the checker's history window; not needed here (no history grows: slots restart)

VARIABLES
    l,          \* the next event: events 1 .. l-1 have been taken
    r           \* the event before which a slot was last restarted (0: none)

E == Trace[l]

(* The state printed at StopAt: every variable but the history variable event. *)
StateRecord == [mask |-> mask, pc |-> pc, newId |-> newId, inbox |-> inbox, offer |-> offer, snap |-> snap, cand |-> cand]

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
            /\ snap = [t \in Threads |-> IF t \in DOMAIN Start.snap THEN Start.snap[t] ELSE {}]
            /\ cand = [t \in Threads |-> IF t \in DOMAIN Start.cand THEN Start.cand[t] ELSE 0]
            /\ event = Ev("", "window start", {})

TakeEvent ==
    CASE E.k = "Snapshot" ->
              /\ Snapshot(E.t)
              /\ snap'[E.t] = E.m
      [] E.k = "Reserve" ->
              /\ Result(E.t).m = E.and
              /\ Reserve(E.t)
              /\ pc'[E.t] = E.pc
              /\ E.pc = "wait2" => /\ cand'[E.t] = E.cand
                                   /\ Offered(E.t).o = E.own
      [] E.k = "Decide" ->
              /\ Result(E.t).o = E.all
              /\ Decide(E.t)
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
    /\ pc' = [t \in Threads |-> IF t \in ts THEN "start" ELSE pc[t]]
    /\ newId' = [t \in Threads |-> IF t \in ts THEN 0 ELSE newId[t]]
    /\ snap' = [t \in Threads |-> IF t \in ts THEN {} ELSE snap[t]]
    /\ cand' = [t \in Threads |-> IF t \in ts THEN 0 ELSE cand[t]]
    /\ offer' = [offer EXCEPT ![c] = [p \in Procs |-> NoWord]]
    /\ event' = Ev("", "slot " \o ToString(c) \o " restarted for a new call", {})
    /\ r' = l
    /\ UNCHANGED <<mask, inbox, l>>

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
