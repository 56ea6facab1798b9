---------------------------- MODULE ProgressTrace ----------------------------
(***************************************************************************)
(* Trace validation (Cirstea, Kuppe, Loillier, Merz, Ricketts 2024) of one *)
(* rank's progress engine (org.mpiverify.mpi.ProgressEngine, recorded by   *)
(* ProgressTracer) against ProgressEngine.tla: this module EXTENDS it, and *)
(* every recorded step is taken by the spec's own action, with the values  *)
(* the engine read required to be the spec's. TLC looks for a behaviour   *)
(* that takes the steps one by one and checks TypeOK and NoLostProgress in *)
(* every state on the way.                                                 *)
(*                                                                         *)
(* What the recording gives and the spec takes (each access is stamped     *)
(* under the tracer's lock together with the access, so its place is the   *)
(* place the access took effect):                                          *)
(*   Look ids v      a wait looks at its requests ids (v: one done); the   *)
(*                   first look of a call begins it              LookAs   *)
(*   Claim v         the CAS of the poller role (v: taken)       Claim    *)
(*   Ticket v        the count read (v), the pass begins         TicketStep*)
(*   Test            a test begins, with its pass                BeginAs  *)
(*   Poll s v        Schedule.progress() (v: done after it)      PollOneAs*)
(*   Drop s v        active.remove (v: it was there)             Drop     *)
(*   PassEnd v       the look after a pass                       PassEndAs*)
(*   Register ids v  the slots it holds, the result              RegisterAs*)
(*   Publish, Recheck v, Return, Unregister, Leave, Wake ids,              *)
(*   SpinPoll s v, OwnPoll s v, Enlist, SCheck v, SLeave,                  *)
(*   Start s v, STell, SRing p, SWake                 the actions of those *)
(*                                                    names                *)
(*   Add s v         outstanding++ and the set (v: the count went from 0   *)
(*                   to 1, which must be the spec's empty set)   Add      *)
(*   Tell, Route v p, Ring p   a completer's lane: TellAs, Route, Ring     *)
(* Each value is checked: a CAS must succeed exactly when the spec's role  *)
(* is free, a read of the count must be the spec's count, a completer      *)
(* must find the waiter and parked poller the spec has, a leaving poller  *)
(* must wake exactly the spec's standby set, a drop must find the          *)
(* operation exactly when the spec's set holds it.                        *)
(*                                                                         *)
(* Not the spec's to check here, so taken as recorded: whether a request   *)
(* is done when a thread looks (point-to-point completions are not         *)
(* recorded), and whether a poll finished its operation (a schedule's      *)
(* transfers are not recorded: a completer's count is the spec's arrival,  *)
(* Arrive's guard is the partner's, and a transfer seen done before its    *)
(* completer counted it is polled early, which the spec's work flag       *)
(* does not see: it stays set until the next poll, a poll the engine makes *)
(* anyway, since the count moved). The spin's exits are taken without     *)
(* their guards (a spin also exits on a watched transfer's own flag, which *)
(* is not recorded). A standby that polls more than one of its own         *)
(* operations in one look (waitAny over several) is outside the spec: the  *)
(* translator ends the trace before it, and says so.                       *)
(*                                                                         *)
(* Windows: a window starts in the state TLC printed at the end of the one *)
(* before, restricted to the operations, requests and lanes that have     *)
(* steps in it (Start).                                                    *)
(***************************************************************************)
EXTENDS ProgressEngine

CONSTANTS
    Trace,      \* Seq of events, in the recorded global order
    FromInit,   \* TRUE: the window starts in Init; FALSE: in Start
    Start,      \* a record of every variable: where the window starts
    StopAt      \* print the state when event StopAt is next, and stop (Len(Trace) + 1: the whole trace)

VARIABLE l

E == Trace[l]   \* the next event

Code(v) == CASE v = 0 -> "ok" [] v = 1 -> "done" [] v = 2 -> "taken"

(* The slots a registration can hold: its targets whose slot is free or its own. *)
Holdable(t) == {r \in tgt[t] : slot[r] \in {None, t}}

TakeEvent ==
    LET t == E.t
    IN CASE E.k = "Look" -> LookAs(t, E.ids, E.v)
         [] E.k = "Claim" -> /\ (poller = None) = E.v
                             /\ Claim(t)
         [] E.k = "Ticket" -> /\ events = E.v
                              /\ TicketStep(t)
         [] E.k = "Test" -> BeginAs(t, "test", {})
         [] E.k = "Poll" -> PollOneAs(t, E.s, E.v)
         [] E.k = "Drop" -> /\ cur[t] = E.s
                            /\ (E.s \in active) = E.v
                            /\ Drop(t)
         [] E.k = "PassEnd" -> PassEndAs(t, E.v)
         [] E.k = "Register" -> /\ E.ids \subseteq Holdable(t)
                                /\ Code(E.v) # "done" => E.ids = Holdable(t)
                                /\ Code(E.v) # "done" => ((Code(E.v) = "taken") = (Holdable(t) # tgt[t]))
                                /\ RegisterAs(t, E.ids, Code(E.v))
         [] E.k = "Publish" -> Publish(t)
         [] E.k = "Recheck" -> /\ (events = ticket[t]) = E.v
                               /\ Recheck(t)
         [] E.k = "Return" -> IF permit[t] \/ reg[t] = "taken" THEN Wake(t) ELSE Spurious(t)
         [] E.k = "Unregister" -> Unregister(t)
         [] E.k = "Leave" -> Leave(t)
         [] E.k = "Wake" -> /\ standby = E.ids
                            /\ WakeStandby(t)
         [] E.k = "SpinPoll" -> /\ E.s # NoSched => E.s \in tgt[t]
                                /\ SpinPollAs(t, E.s, E.v)
         [] E.k = "OwnPoll" -> /\ E.s # NoSched => E.s \in tgt[t]
                               /\ OwnPollAs(t, E.s, E.v)
         [] E.k = "Enlist" -> Enlist(t)
         [] E.k = "SCheck" -> /\ (poller # None) = E.v
                              /\ SCheck(t)
         [] E.k = "SLeave" -> SLeave(t)
         [] E.k = "Start" -> StartAs(t, E.s, E.v)
         [] E.k = "Add" -> /\ tgt[t] = {E.s}
                           /\ (active = {}) = E.v
                           /\ Add(t)
         [] E.k = "STell" -> STell(t)
         [] E.k = "SRing" -> /\ parkedPoller = E.p
                             /\ SRing(t)
         [] E.k = "SWake" -> SWake(t)
         [] E.k = "Tell" -> /\ TellAs(t, LaneOwner[t])
                            /\ UNCHANGED left
         [] E.k = "Route" -> /\ (count # 0) = E.v
                             /\ count # 0 => slot[LaneOwner[t]] = E.p
                             /\ Route(t)
         [] E.k = "Ring" -> /\ parkedPoller = E.p
                            /\ Ring(t)
         [] OTHER -> FALSE

StateRecord ==
    [pc |-> pc, ip |-> ip, kind |-> kind, tgt |-> tgt, ticket |-> ticket, snap |-> snap, seen |-> seen,
     cur |-> cur, reg |-> reg, permit |-> permit, poller |-> poller, parkedPoller |-> parkedPoller,
     events |-> events, standby |-> standby, count |-> count, active |-> active, slot |-> slot, done |-> done,
     started |-> started, work |-> work, left |-> left, lpc |-> lpc, blocked |-> blocked]

(* A window after the first starts where the last one ended, on this window's operations, requests *)
(* and lanes: those of Start that still have steps, and new ones as Init has them.                *)
Restored(f, x, default) == IF x \in DOMAIN f THEN f[x] ELSE default

TraceInit ==
    /\ l = 1
    /\ TLCSet(1, 0)
    /\ IF FromInit THEN Init
       ELSE /\ pc = Start.pc
            /\ ip = Start.ip
            /\ kind = Start.kind
            /\ tgt = [t \in Threads |-> Start.tgt[t] \cap Reqs]
            /\ ticket = Start.ticket
            /\ snap = [t \in Threads |-> Start.snap[t] \cap Sched]
            /\ seen = [t \in Threads |-> Start.seen[t] \cap Sched]
            /\ cur = [t \in Threads |-> IF Start.cur[t] \in Sched THEN Start.cur[t] ELSE NoSched]
            /\ reg = Start.reg
            /\ permit = Start.permit
            /\ poller = Start.poller
            /\ parkedPoller = Start.parkedPoller
            /\ events = Start.events
            /\ standby = Start.standby
            /\ count = Start.count
            /\ active = Start.active \cap Sched
            /\ slot = [r \in Reqs |-> Restored(Start.slot, r, None)]
            /\ done = [r \in Reqs |-> Restored(Start.done, r, FALSE)]
            /\ started = [s \in Sched |-> Restored(Start.started, s, FALSE)]
            /\ work = [s \in Sched |-> Restored(Start.work, s, FALSE)]
            /\ left = [s \in Sched |-> Restored(Start.left, s, 0)]
            /\ lpc = [x \in Lanes |-> Restored(Start.lpc, x, "idle")]
            /\ blocked = Start.blocked
            /\ event = Ev("", "window start", {})

TraceNext ==
    /\ l <= Len(Trace)
    /\ TakeEvent
    /\ l' = l + 1

(* Constraints: evaluated on every state TLC reaches (they are TRUE, their point is the output).     *)
(* TraceStop ends the run only before the end of the trace (see ProbeTrace).                        *)
TraceProgress == l > TLCGet(1) => (TLCSet(1, l) /\ PrintT(<<"TRACE-REACHED", l>>))
TraceStop == l = StopAt => (PrintT(<<"TRACE-STATE", l, StateRecord>>)
                            /\ (StopAt <= Len(Trace) => TLCSet("exit", TRUE)))
=============================================================================
