------------------------------ MODULE ProbeTrace ------------------------------
(***************************************************************************)
(* Trace validation (Cirstea, Kuppe, Loillier, Merz, Ricketts 2024) of     *)
(* probe/iprobe/mprobe/improbe and the receives after them               *)
(* (org.mpiverify.mpi.Comm over a MatchingEngine) against Probe, the spec  *)
(* itself (EXTENDS, not a copy): TLC looks for a behavior of the spec that *)
(* takes the recorded steps one by one, and checks the spec's invariants   *)
(* (NoFalseMatch, AtMostOnce, ExactlyOnce, NonOvertaking) in every state. *)
(*                                                                         *)
(* One trace is one rank's one context: the spec's unexpected queue uq.    *)
(* org.mpiverify.mpi.ProbeTracingEngine records, inside a per-context lock *)
(* around the engine's operation (so in the order they took effect):      *)
(*   Arrive  a message queued as unexpected            Arrive(s)           *)
(*   Probe   peek found a message, left it queued      Probe(t)            *)
(*   Recv    a receive matched a message               Recv(t)             *)
(*   Mprobe  take found a message and removed it       Mprobe(t)           *)
(*   Mrecv   the matched message received              Mrecv(t)            *)
(* A message that arrives for a posted receive is recorded as Arrive then  *)
(* Recv: nothing queued matched that receive when it was posted, so the    *)
(* new message is the earliest match, as the spec's Recv requires.         *)
(* Each event carries the message (sender, its place among that sender's   *)
(* arrivals, tag, size) and, for Probe/Mprobe/Recv, the request; the step  *)
(* must produce exactly that. The constants come from the trace: Sent[s]   *)
(* is what arrived from s, in order; Recvs[t] the requests of t's probes.  *)
(*                                                                         *)
(* No step is silent. The implementation's steps the spec does not name    *)
(* leave the spec's variables unchanged and are not recorded: a receive    *)
(* that finds nothing (the spec's blocking Recv is simply not enabled yet), *)
(* a receive that is posted and waits, a cancel. A probe that finds        *)
(* nothing and the wait that follows are steps of the spec (LookFails,     *)
(* Watch, TakeTicket, Await; the senders' Signal) that are not recorded:   *)
(* they change only the wait state, and every recorded probe is taken as  *)
(* the thread's first look, so the wait state stays at its start.          *)
(*                                                                         *)
(* Windows. A long trace is checked in windows; a window that does not     *)
(* start at Init starts in Start, the state TLC reached at the end of the  *)
(* previous window (unique: no step is silent and every step is            *)
(* determined by its event). Sent and Recvs are the whole trace's in every *)
(* window (next and pc index them).                                        *)
(*                                                                         *)
(* Invariants. NoFalseMatch and ExactlyOnce are checked in every state.   *)
(* AtMostOnce and NonOvertaking are conjunctions over log's entries of a   *)
(* condition on the entry and the ones before it (MpiProbe's FreshAt and   *)
(* InOrderAt), and every action of Probe appends to log or leaves it       *)
(* unchanged; so they hold in every state of a behavior iff they hold at   *)
(* its start and each appended entry satisfies its condition. The action   *)
(* property LogAppendsOK checks exactly that, once per entry: linear in    *)
(* the log per step instead of quadratic (AtMostOnce) and cubic            *)
(* (NonOvertaking) per state, which a trace of a thousand matches needs.   *)
(* A window's start state was checked by the window before it.             *)
(*                                                                         *)
(* TLC is run with INIT TraceInit, NEXT TraceNext, the invariants, the     *)
(* action property LogAppendsOK, and the constraints TraceProgress         *)
(* (prints each new furthest event) and                                    *)
(* TraceStop (prints the state at StopAt and ends the run). The trace is   *)
(* ACCEPTED iff TLC reaches l = Len(Trace) + 1 with no invariant violated. *)
(***************************************************************************)
EXTENDS Probe

CONSTANTS
    Trace,      \* Seq of events, in the recorded global order
    FromInit,   \* TRUE: the window starts in Init; FALSE: in Start
    Start,      \* [arrived, uq, pc, next, probed, got, want, log]: where the window starts
    StopAt      \* print the state when event StopAt is next, and stop (Len(Trace) + 1: the whole trace)

VARIABLE l      \* the next event: events 1 .. l-1 have been taken

E == Trace[l]

(* The state printed at StopAt: every variable but the history variable event. *)
StateRecord == [arrived |-> arrived, uq |-> uq, pc |-> pc, next |-> next, probed |-> probed, got |-> got,
                want |-> want, log |-> log]

TraceInit ==
    /\ l = 1
    /\ TLCSet(1, 0)
    /\ IF FromInit THEN Init
       ELSE /\ arrived = Start.arrived
            /\ uq = Start.uq
            /\ pc = Start.pc
            /\ next = Start.next
            /\ probed = Start.probed
            /\ got = Start.got
            /\ want = Start.want
            /\ log = Start.log
            /\ watchers = 0
            /\ stale = [t \in Threads |-> FALSE]
            /\ signalling = [s \in Senders |-> FALSE]
            /\ event = Ev("", "window start", {})

Last(s) == s[Len(s)]

TakeEvent ==
    CASE E.k = "Arrive" ->
              /\ Deliver(E.s)   \* the sender's signal is not recorded: the wait state stays as it was
              /\ UNCHANGED <<pc, next, probed, got, want, log, watchers, stale, signalling>>
              /\ Last(uq') = E.m
      [] E.k = "Probe" ->
              /\ Probe(E.t)
              /\ Req(E.t) = E.r
              /\ probed'[E.t] = E.m
      [] E.k = "Recv" ->
              /\ pc[E.t] = "recv"
              /\ [src |-> probed[E.t].src, tag |-> probed[E.t].tag] = E.r
              /\ Recv(E.t)
              /\ Last(got'[E.t]) = E.m
      [] E.k = "Mprobe" ->
              /\ Mprobe(E.t)
              /\ Req(E.t) = E.r
              /\ probed'[E.t] = E.m
      [] E.k = "Mrecv" ->
              /\ Mrecv(E.t)
              /\ probed[E.t] = E.m
      [] OTHER -> FALSE

TraceNext ==
    /\ l <= Len(Trace)
    /\ TakeEvent
    /\ l' = l + 1

(* The spec's AtMostOnce and NonOvertaking, checked on the entries each step appends to log. *)
LogAppendsOK == [][\A i \in (Len(log) + 1)..Len(log') : Abs!FreshAt(i)' /\ Abs!InOrderAt(i)']_<<log, l>>

(* Constraints: evaluated on every state TLC reaches (they are TRUE, their point is the output).     *)
(* TraceStop ends the run only before the end of the trace: the state after the last event has no  *)
(* successor anyway, and TLC's exit would skip the invariants in that state (a violation by the     *)
(* last event would go unseen).                                                                     *)
TraceProgress == l > TLCGet(1) => (TLCSet(1, l) /\ PrintT(<<"TRACE-REACHED", l>>))
TraceStop == l = StopAt => (PrintT(<<"TRACE-STATE", l, StateRecord>>)
                            /\ (StopAt <= Len(Trace) => TLCSet("exit", TRUE)))
=============================================================================
