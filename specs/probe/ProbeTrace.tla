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
(* The trace is data: Trace is bound to TraceLog(file), read by Java     *)
(* (TraceLogOperator), and so are Sent and Recvs (the whole trace's, which *)
(* next and pc index); the whole trace is one TLC run. Every Rebase events *)
(* (a history window) a Rebase step restarts the history variables: log,   *)
(* got and want become empty, and baseArrived and baseQueued keep what had *)
(* arrived and what was queued at that point; uq, pc, next, probed and the *)
(* wait state stay. Without it the log, and each step's cost, would grow   *)
(* with the trace (AtMostOnce and NonOvertaking look at every earlier     *)
(* match). A run may also start in Start (FromInit = FALSE), a state       *)
(* printed by an earlier run, with the history restarted in the same way. *)
(* No step is silent and every step is determined by its event.            *)
(*                                                                         *)
(* Invariants. NoFalseMatch is checked in every state: got and want grow   *)
(* by one entry each per receive and entries never change, so checking    *)
(* each window's entries from their receive to the window's end checks     *)
(* them all. AtMostOnce and NonOvertaking are conjunctions over log's      *)
(* entries of a condition on the entry and the matches before it           *)
(* (MpiProbe's FreshAt and InOrderAt), and every action of Probe appends   *)
(* to log or leaves it unchanged; so they hold in every state of a         *)
(* behavior iff each appended entry satisfies its condition. The action    *)
(* property LogAppendsOK checks exactly that, once per entry: linear in    *)
(* the window's log per step instead of quadratic (AtMostOnce) and cubic   *)
(* (NonOvertaking) in the whole log per state. The matches before the     *)
(* window are not in log, and are not lost: in Probe a message leaves uq   *)
(* only when it is matched (Recv, Mprobe), so the messages matched before  *)
(* the window are those that had arrived (baseArrived) and were not       *)
(* queued (baseQueued) at its start (MatchedBeforeWindow). FreshSince and  *)
(* InOrderSince are FreshAt and InOrderAt with those added to the matches  *)
(* before an entry: the same conditions over the whole history, for Probe *)
(* as written. What shrinks is only for a spec that breaks that rule: a   *)
(* message matched and left queued (the mutant MprobeLeavesMessage) and   *)
(* matched again is caught by FreshSince only if both matches fall in one *)
(* window. ExactlyOnceOverAll is ExactlyOnce in the same way: the window's *)
(* matches and the ones before it are every message, each once.           *)
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
    StopAt,     \* print the state when event StopAt is next, and stop (Len(Trace) + 1: the whole trace)
    Rebase      \* events per history window (0: the history is never restarted)

VARIABLES
    l,            \* the next event: events 1 .. l-1 have been taken
    base,         \* the l at which the history variables were last restarted
    baseArrived,  \* arrived at that point
    baseQueued    \* the messages in uq at that point

E == Trace[l]

(* The state printed at StopAt: every variable but the history variable event. *)
StateRecord == [arrived |-> arrived, uq |-> uq, pc |-> pc, next |-> next, probed |-> probed, got |-> got,
                want |-> want, log |-> log]

Queued == {uq[i] : i \in 1..Len(uq)}

TraceInit ==
    /\ l = 1
    /\ base = 1
    /\ TLCSet(1, 0)
    /\ IF FromInit THEN Init
       ELSE /\ arrived = Start.arrived
            /\ uq = Start.uq
            /\ pc = Start.pc
            /\ next = Start.next
            /\ probed = Start.probed
            /\ got = [t \in Threads |-> <<>>]
            /\ want = [t \in Threads |-> <<>>]
            /\ log = <<>>
            /\ watchers = 0
            /\ stale = [t \in Threads |-> FALSE]
            /\ signalling = [s \in Senders |-> FALSE]
            /\ event = Ev("", "window start", {})
    /\ baseArrived = arrived
    /\ baseQueued = Queued

(* The start of a history window: the matches so far leave log (and got, want); what had arrived  *)
(* and what is still queued say which messages they matched.                                        *)
RebaseDue == Rebase > 0 /\ l > base /\ (l - 1) % Rebase = 0
RebaseStep ==
    /\ base' = l
    /\ log' = <<>>
    /\ got' = [t \in Threads |-> <<>>]
    /\ want' = [t \in Threads |-> <<>>]
    /\ baseArrived' = arrived
    /\ baseQueued' = Queued
    /\ UNCHANGED <<arrived, uq, pc, next, probed, watchers, stale, signalling, event, l>>

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
    \/ RebaseDue /\ RebaseStep
    \/ /\ ~RebaseDue
       /\ l <= Len(Trace)
       /\ TakeEvent
       /\ l' = l + 1
       /\ UNCHANGED <<base, baseArrived, baseQueued>>

(* Matched before the history window: arrived by its start, and not queued then (see above). *)
MatchedBeforeWindow(m) == m.seq <= baseArrived[m.src] /\ m \notin baseQueued

(* MpiProbe's FreshAt(i) and InOrderAt(i), with the matches before the window among the earlier ones. *)
(* InOrderSince looks only at the sender's messages that arrived in the window or were queued at its  *)
(* start: the others were matched before it.                                                          *)
FreshSince(i) == Abs!FreshAt(i) /\ ~MatchedBeforeWindow(log[i].m)
InOrderSince(i) ==
    LET m == log[i].m
        before == Abs!MatchedBefore(i)
        open == ((baseArrived[m.src] + 1)..(m.seq - 1)) \cup {q.seq : q \in {q \in baseQueued : q.src = m.src}}
    IN  \A k \in open : k < m.seq /\ Abs!Fits(Abs!Msg(m.src, k), log[i].r) => Abs!Msg(m.src, k) \in before

(* The spec's AtMostOnce and NonOvertaking, checked on the entries each step appends to log. *)
(* Its step and subscript are named, so that a batch of traces (one TLC run, the trace's index a      *)
(* variable) can check each trace's property on that trace's steps only.                            *)
LogAppendsOKStep == \A i \in (Len(log) + 1)..Len(log') : FreshSince(i)' /\ InOrderSince(i)'
LogAppendsOKVars == <<log, l>>
LogAppendsOK == [][LogAppendsOKStep]_LogAppendsOKVars

(* MpiProbe's ExactlyOnce over the whole trace: the matches of the window and those before it. *)
ExactlyOnceOverAll ==
    Abs!AllDone =>
        LET before == UNION {{Abs!Msg(s, k) : k \in 1..baseArrived[s]} : s \in Senders} \ baseQueued
        IN  /\ {log[i].m : i \in 1..Len(log)} \cup before = Abs!AllMsgs
            /\ Len(log) + Cardinality(before) = Cardinality(Abs!AllMsgs)

(* Constraints: evaluated on every state TLC reaches (they are TRUE, their point is the output).     *)
(* TraceStop ends the run only before the end of the trace: the state after the last event has no  *)
(* successor anyway, and TLC's exit would skip the invariants in that state (a violation by the     *)
(* last event would go unseen).                                                                     *)
TraceProgress == l > TLCGet(1) => (TLCSet(1, l) /\ PrintT(<<"TRACE-REACHED", l>>))
TraceStop == l = StopAt => (PrintT(<<"TRACE-STATE", l, StateRecord>>)
                            /\ (StopAt <= Len(Trace) => TLCSet("exit", TRUE)))
=============================================================================
