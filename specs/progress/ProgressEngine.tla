---------------------------- MODULE ProgressEngine ----------------------------
(***************************************************************************)
(* One rank's progress engine: its outstanding nonblocking operations      *)
(* (schedules: nonblocking collectives, idups) move only while a thread of *)
(* the rank polls them, inside an MPI call (no progress thread). Java:     *)
(* org.mpiverify.mpi.ProgressEngine over org.mpiverify.core.coll.Schedule  *)
(* (StepSchedule, AllreduceSchedule, NonblockingCollectives,               *)
(* core.contextid.NonblockingContextIdAllocation's idup rounds).           *)
(*                                                                         *)
(* The promise (MPI-4.1 §2.9 and §11.6's progress rule, as MPICH keeps     *)
(* it: a thread blocked in a call of the rank moves the rank's operations):*)
(*   OperationsComplete  every started operation whose partners act        *)
(*                       completes;                                       *)
(*   CallsReturn         every call of every thread returns;              *)
(*   NoLostProgress      no thread sleeps while it is the only one that    *)
(*                       could move an operation that can move: when a     *)
(*                       transfer of an operation has completed and no     *)
(*                       poll has consumed it yet, and a thread of the     *)
(*                       rank is asleep, some thread of the rank is awake  *)
(*                       in a call that polls, or a wake-up is on its way  *)
(*                       (a completer between its count and its unpark);  *)
(*   WaitReturnsDone     a wait or test returns only once its request is   *)
(*                       done.                                             *)
(* Each is written over what a user sees (operations, calls, threads       *)
(* asleep in the scheduler's sense: parked without a permit), not over the *)
(* engine's own variables (poller, parkedPoller, standbyCount, events).    *)
(*                                                                         *)
(* The environment. An operation s is started by a call of its rank and    *)
(* needs Steps[s] transfers completed by its partners; the partner of s    *)
(* completes the next one only after a poll of this rank consumed the last *)
(* one (Arrive): the partner's next message depends on this rank's next    *)
(* step, as a dissemination barrier's second round needs the first round's *)
(* message from here. A point-to-point request r completes once Dep[r] is  *)
(* done (the message that completes it is sent after the partner's        *)
(* operation, which needs this rank's: issue's ibarrier + probe). The      *)
(* completer of a transfer counts an event and wakes someone (Route,      *)
(* Ring): Java's Completion.signal -> onSignal -> ProgressEngine.transferDone,*)
(* run by the peer rank's thread.                                         *)
(*                                                                         *)
(* The calls of a thread (Prog[t], in order), each [op, on]:               *)
(*   "start" s  Comm.i<collective>/idup -> ProgressEngine.start: the first *)
(*              step (StartOp), the add to the active set (Add), a signal  *)
(*              (STell, SRing);                                            *)
(*   "wait" r   a wait that applies the progress rule: ProgressEngine.     *)
(*              await/awaitAny (poller or standby, below);                 *)
(*   "waitany" R  the same wait on a set R of requests (waitAny: MPI       *)
(*              promises it returns once one of them is complete);         *)
(*   "test" r   a test loop that applies it: Request.test -> poll(), one   *)
(*              pass over the active set per test, until r is done;        *)
(*   "block" r  a blocking call that does not poll: today's blocking probe *)
(*              and mprobe (RankContext.awaitArrival -> EventCount.await); *)
(*   "tloop" r  a test or iprobe loop that does not poll (Request.test on  *)
(*              a point-to-point request, Comm.iprobe): awake, never moves *)
(*              an operation;                                              *)
(*   "entry" r  RankContext.await as it was: a blocking wait that polls    *)
(*              only if an operation was outstanding when it began;        *)
(*   "rule" r   a blocking wait through ProgressRule (RankContext.await,   *)
(*              awaitArrival, Request.waitFor): with an operation          *)
(*              outstanding, the polling wait; with none, Completion's own *)
(*              wait, registered in the rank's blocked-thread registry     *)
(*              before its last look at the outstanding count, which the   *)
(*              start of the first outstanding operation wakes after its   *)
(*              increment (RuleEnter, P2PRegister, P2PCheck, SWake: a       *)
(*              Dekker pair); it then polls;                               *)
(*   "join" x   user code outside MPI waiting until thread x.t has         *)
(*              returned from its call number x.i (a flag, a join).        *)
(*                                                                         *)
(* The engine (ProgressEngine.awaitAny): a waiter looks at its requests  *)
(* (Look; the first look begins the call), then takes the poller role by  *)
(* a CAS from None (Claim). The poller (pollUntil): reads the event count  *)
(* and begins a pass over the active set (Ticket), polls each operation    *)
(* (PollOne, Drop; the iteration is weakly consistent: an operation        *)
(* present throughout is polled, one added or removed meanwhile may or may *)
(* not be), ends the pass and looks at its requests (PassEnd), spins       *)
(* (nothing to model but its exits: Ticket again if it saw something move, *)
(* else Register), registers on its requests (Register), publishes itself  *)
(* as parked (Publish), re-reads the count (Recheck: the Dekker pair with  *)
(* a completer's count and Ring), parks (Wake, Spurious), clears           *)
(* parkedPoller and its registration (Unregister) and goes round; when its *)
(* request is done it leaves the role (Leave), wakes every thread on       *)
(* standby (WakeStandby) and looks again. A waiter that is not the poller  *)
(* (standBy): spins, polling its own operation when the count moved        *)
(* (SpinPoll); counts itself and joins the standby queue (Enlist),         *)
(* registers, parks only if a poller is still there (SCheck: the Dekker    *)
(* pair with Leave/WakeStandby), leaves the queue (SLeave) and polls its   *)
(* own operation (OwnPoll) before it looks again. A test (poll()) is one   *)
(* pass (Begin, PollOne, Drop, PassEnd). A completer counts the event      *)
(* (Arrive), wakes the thread registered on the operation's request if     *)
(* someone is on standby (Route), else the parked poller (Ring).           *)
(*                                                                         *)
(* Granularity. Each access the engine's Dekker pairs are made of is a     *)
(* step of its own. Merged into one step, as consecutive accesses of one   *)
(* thread that no other thread can tell apart (a reduction; see the       *)
(* comment at each): Enlist (count and queue), SLeave (slot, queue, count),*)
(* Unregister (parkedPoller and slot), Route (count and slot), Add         *)
(* (outstanding and the set), Ticket (the count and the pass's start: a    *)
(* pass that sees an operation added after the read polls it too).         *)
(* Schedule.progress is one atomic step                                   *)
(* (PollOne): its work counter makes any number of concurrent polls behave *)
(* as one pass that begins after each of them (checked by Lincheck,        *)
(* ScheduleProgressLinearizabilityTest). Completion's own protocol (the    *)
(* waiter slot and its done flag, verified in specs/matchtable) is one     *)
(* step per side: Register (CAS and read of done), and the completer's     *)
(* write of done with its unpark. LockSupport's permit is permit[t]; a park *)
(* may return without one (Spurious, not fair).                            *)
(***************************************************************************)
EXTENDS Naturals, FiniteSets, Sequences, TLC

CONSTANTS
    Threads,    \* the rank's threads
    Sched,      \* its nonblocking operations; each is also the name of its request
    P2P,        \* point-to-point requests its threads wait on
    Steps,      \* [Sched -> Nat]: transfers its partners complete before it is done
    Dep,        \* [P2P -> Sched \cup {NoSched}]: r completes once Dep[r] is done
    Prog,       \* [Threads -> Seq([op |-> ..., on |-> ...])]: each thread's calls
    Lanes,      \* the completers that signal the engine
    LaneOwner,  \* [Lanes -> Sched \cup {NoSched}]: whose transfers a lane completes
    Begun,      \* the operations already started (first step made, in the active set) when the model begins
    WakeOnFirstStart, \* TRUE: the start of the first outstanding operation wakes the rank's registry (ProgressRule)
    None,       \* no thread
    NoSched     \* no operation

Reqs == Sched \cup P2P
Ops == {"start", "wait", "waitany", "test", "block", "tloop", "entry", "rule", "join"}
WaitOps == {"wait", "waitany", "test", "block", "tloop", "entry", "rule"}

VARIABLES
    pc,           \* [Threads -> label]
    ip,           \* [Threads -> Nat]: the thread's current call, an index into Prog[t]
    kind,         \* [Threads -> Ops \cup {"none"}]: what that call is
    tgt,          \* [Threads -> SUBSET (Reqs)]: the requests it waits on (awaitAny's targets)
    ticket,       \* [Threads -> Nat]: the event count a poller (or a standby) last read
    snap,         \* [Threads -> SUBSET Sched]: the active set when its pass began
    seen,         \* [Threads -> SUBSET Sched]: what its pass has polled
    cur,          \* [Threads -> Sched \cup {NoSched}]: the operation it is about to drop
    reg,          \* [Threads -> {"ok", "done", "taken"}]: its last registration's result
    permit,       \* [Threads -> BOOLEAN]: LockSupport's permit
    poller,       \* the poller (ProgressEngine.poller), or None
    parkedPoller, \* Doorbell.parkedPoller
    events,       \* Doorbell.events
    standby,      \* ProgressEngine.standby (the queue, as a set)
    count,        \* Doorbell.standbyCount
    active,       \* ProgressEngine.active (and outstanding, its size)
    slot,         \* [Reqs -> Threads \cup {None}]: each request's waiter slot (Completion.waiter)
    done,         \* [Reqs -> BOOLEAN]: each request's done flag
    started,      \* [Sched -> BOOLEAN]: its first step was made
    work,         \* [Sched -> BOOLEAN]: a transfer completed that no poll has consumed yet
    left,         \* [Sched -> Nat]: transfers its partners have still to complete
    lpc,          \* [Lanes -> {"idle", "route", "ring"}]: each completer's place in transferDone
    blocked,      \* the rank's blocked-thread registry: threads in a point-to-point wait (RankContext.blocked)
    event         \* history: the last step, for counterexamples (read by no action or property)

vars == <<pc, ip, kind, tgt, ticket, snap, seen, cur, reg, permit, poller, parkedPoller, events,
          standby, count, active, slot, done, started, work, left, lpc, blocked, event>>
View == <<pc, ip, kind, tgt, ticket, snap, seen, cur, reg, permit, poller, parkedPoller, events,
          standby, count, active, slot, done, started, work, left, lpc, blocked>>

Ev(who, what, peers) == [who |-> who, what |-> what, peers |-> peers]

Call(t) == Prog[t][ip[t]]
HasCall(t) == ip[t] <= Len(Prog[t])
AnyDone(t) == \E r \in tgt[t] : done[r]
Unparked(x) == IF x = None THEN permit ELSE [permit EXCEPT ![x] = TRUE]
Dereg(t) == [r \in Reqs |-> IF r \in tgt[t] /\ slot[r] = t THEN None ELSE slot[r]]
Show(x) == IF x = None THEN "nobody" ELSE x

Init ==
    /\ pc = [t \in Threads |-> "next"]
    /\ ip = [t \in Threads |-> 1]
    /\ kind = [t \in Threads |-> "none"]
    /\ tgt = [t \in Threads |-> {}]
    /\ ticket = [t \in Threads |-> 0]
    /\ snap = [t \in Threads |-> {}]
    /\ seen = [t \in Threads |-> {}]
    /\ cur = [t \in Threads |-> NoSched]
    /\ reg = [t \in Threads |-> "ok"]
    /\ permit = [t \in Threads |-> FALSE]
    /\ poller = None
    /\ parkedPoller = None
    /\ events = 0
    /\ standby = {}
    /\ count = 0
    /\ active = Begun
    /\ slot = [r \in Reqs |-> None]
    /\ done = [r \in Reqs |-> FALSE]
    /\ started = [s \in Sched |-> s \in Begun]
    /\ work = [s \in Sched |-> FALSE]
    /\ left = [s \in Sched |-> Steps[s]]
    /\ lpc = [l \in Lanes |-> "idle"]
    /\ blocked = {}
    /\ event = Ev("", "init", {})

SetPc(t, p) == pc' = [pc EXCEPT ![t] = p]
(* A call returns; after the thread's last call it is done (outside MPI for good). *)
Return(t) == /\ pc' = [pc EXCEPT ![t] = IF ip[t] < Len(Prog[t]) THEN "next" ELSE "done"]
             /\ ip' = [ip EXCEPT ![t] = @ + 1]

(* Shorthands for the variables a step leaves alone. *)
ThreadVars == <<ip, kind, tgt, ticket, snap, seen, cur, reg>>
EngineVars == <<poller, parkedPoller, events, standby, count, active>>
EnvVars == <<started, work, left, lpc, blocked>>

-----------------------------------------------------------------------------
(* Calls: beginning, returning, and the calls that do not poll.            *)

FirstPc(k) == CASE k = "wait" -> "look" [] k = "test" -> "pass" [] k = "block" -> "bpark"
                [] k = "tloop" -> "tloop" [] k = "entry" -> "entry" [] k = "rule" -> "rule" [] k = "join" -> "join"

(* A call begins (every kind but "start", "wait" and "waitany", whose first steps are Start and Look); a test *)
(* begins with its first pass over the active set (PassBegin).                                    *)
BeginAs(t, k, targets) ==
    /\ pc[t] = "next"
    /\ kind' = [kind EXCEPT ![t] = k]
    /\ tgt' = [tgt EXCEPT ![t] = targets]
    /\ SetPc(t, FirstPc(k))
    /\ snap' = IF k = "test" THEN [snap EXCEPT ![t] = active] ELSE snap
    /\ seen' = IF k = "test" THEN [seen EXCEPT ![t] = {}] ELSE seen
    /\ UNCHANGED <<ip, ticket, cur, reg, permit>>
    /\ event' = Ev(t, k \o (IF targets = {} THEN "" ELSE " " \o CHOOSE r \in targets : TRUE)
                   \o (IF k = "test" THEN ": begins a pass" ELSE ""), {})
    /\ UNCHANGED EngineVars /\ UNCHANGED <<slot, done>> /\ UNCHANGED EnvVars

Begin(t) ==
    /\ HasCall(t)
    /\ Call(t).op \notin {"start", "wait", "waitany"}
    /\ BeginAs(t, Call(t).op, IF Call(t).op = "join" THEN {} ELSE {Call(t).on})

(* User code: waits, outside MPI, until thread x.t has returned from its call x.i. *)
Join(t) ==
    /\ pc[t] = "join"
    /\ ip[Call(t).on.t] > Call(t).on.i
    /\ Return(t)
    /\ event' = Ev(t, "sees " \o Call(t).on.t \o " return (user code)", {})
    /\ UNCHANGED <<kind, tgt, ticket, snap, seen, cur, reg, permit, slot, done>>
    /\ UNCHANGED EngineVars /\ UNCHANGED EnvVars

(* The entry check (kind "entry"; "rule" replaces it): polls only if an operation is outstanding when it begins. *)
Entry(t) ==
    /\ pc[t] = "entry"
    /\ IF AnyDone(t) THEN Return(t)
       ELSE /\ SetPc(t, IF active = {} THEN "bpark" ELSE "look")
            /\ UNCHANGED ip
    /\ event' = Ev(t, IF AnyDone(t) THEN "finds its request done"
                      ELSE IF active = {} THEN "nothing outstanding: waits without polling"
                      ELSE "something outstanding: waits in the engine", {})
    /\ UNCHANGED <<kind, tgt, ticket, snap, seen, cur, reg, permit, slot, done>>
    /\ UNCHANGED EngineVars /\ UNCHANGED EnvVars

(* A call that does not poll returns once its request is done (Completion's own wait, EventCount). *)
BlockReturn(t) ==
    /\ pc[t] \in {"bpark", "tloop"}
    /\ AnyDone(t)
    /\ Return(t)
    /\ event' = Ev(t, "its request done, returns", {})
    /\ UNCHANGED <<kind, tgt, ticket, snap, seen, cur, reg, permit, slot, done>>
    /\ UNCHANGED EngineVars /\ UNCHANGED EnvVars

(* ProgressRule's point-to-point wait: done, it returns; something outstanding, the polling wait; *)
(* else Completion's own wait (done and outstanding: two reads, one step).                         *)
RuleEnter(t) ==
    /\ pc[t] = "rule"
    /\ IF AnyDone(t) THEN Return(t)
       ELSE /\ SetPc(t, IF active = {} THEN "preg" ELSE "look")
            /\ UNCHANGED ip
    /\ event' = Ev(t, IF AnyDone(t) THEN "finds its request done"
                      ELSE IF active = {} THEN "nothing outstanding: a point-to-point wait"
                      ELSE "something outstanding: waits in the engine", {})
    /\ UNCHANGED <<kind, tgt, ticket, snap, seen, cur, reg, permit, slot, done>>
    /\ UNCHANGED EngineVars /\ UNCHANGED EnvVars

(* Completion.await: the CAS of its waiter slot and the registration in the rank's registry, before *)
(* its last look (two writes, read by different steps: Deliver reads the slot, SWake the registry). *)
P2PRegister(t) ==
    /\ pc[t] = "preg"
    /\ slot' = [r \in Reqs |-> IF r \in tgt[t] /\ slot[r] = None THEN t ELSE slot[r]]
    /\ blocked' = blocked \cup {t}
    /\ SetPc(t, "pcheck")
    /\ event' = Ev(t, "registers on its request and in the rank's registry", {})
    /\ UNCHANGED <<ThreadVars, permit, done, started, work, left, lpc>> /\ UNCHANGED EngineVars

(* Its look: done, it returns; an operation outstanding (the stop condition), it leaves and waits *)
(* polling; else it parks.                                                                         *)
P2PCheck(t) ==
    /\ pc[t] = "pcheck"
    /\ IF AnyDone(t) \/ active # {}
       THEN /\ slot' = Dereg(t)
            /\ blocked' = blocked \ {t}
            /\ IF AnyDone(t) THEN Return(t) ELSE SetPc(t, "look") /\ UNCHANGED ip
       ELSE /\ SetPc(t, "ppark")
            /\ UNCHANGED <<ip, slot, blocked>>
    /\ event' = Ev(t, IF AnyDone(t) THEN "its request done; returns"
                      ELSE IF active # {} THEN "something outstanding now: waits in the engine" ELSE "parks", {})
    /\ UNCHANGED <<kind, tgt, ticket, snap, seen, cur, reg, permit, done, started, work, left, lpc>>
    /\ UNCHANGED EngineVars

-----------------------------------------------------------------------------
(* ProgressEngine.start(s): the first step (s.progress(), which starts its  *)
(* transfers; it cannot finish s here, since s's partners answer only       *)
(* after it), then outstanding++ and active.add(s), then signal().          *)

(* fin: the first step finished s (an idup whose peers' words had all arrived): the call returns.  *)
StartAs(t, s, fin) ==
    /\ pc[t] = "next"
    /\ started' = [started EXCEPT ![s] = TRUE]
    /\ kind' = [kind EXCEPT ![t] = "start"]
    /\ tgt' = [tgt EXCEPT ![t] = {s}]
    /\ IF fin THEN Return(t) /\ done' = [done EXCEPT ![s] = TRUE]
       ELSE SetPc(t, "add") /\ UNCHANGED <<ip, done>>
    /\ event' = Ev(t, "starts " \o s \o (IF fin THEN ", which finishes at once" ELSE " (its first step)"), {})
    /\ UNCHANGED <<ticket, snap, seen, cur, reg, permit, slot, work, left, lpc, blocked>>
    /\ UNCHANGED EngineVars

(* Here the first step cannot finish s: its partners answer only after it. *)
StartOp(t) == HasCall(t) /\ Call(t).op = "start" /\ StartAs(t, Call(t).on, FALSE)

(* outstanding.incrementAndGet(); active.add(s): two writes read by different readers (idle() and *)
(* a pass's iteration), so one step.                                                              *)
Add(t) ==
    /\ pc[t] = "add"
    /\ active' = active \cup tgt[t]
    /\ SetPc(t, IF active = {} /\ WakeOnFirstStart THEN "stell-first" ELSE "stell")   \* outstanding: 0 to 1
    /\ event' = Ev(t, "adds " \o (CHOOSE s \in tgt[t] : TRUE) \o " to the active set", {})
    /\ UNCHANGED <<ThreadVars, permit, slot, done, poller, parkedPoller, events, standby, count>>
    /\ UNCHANGED EnvVars

(* signal() -> transferDone(null): the count, then the parked poller. *)
STell(t) ==
    /\ pc[t] \in {"stell", "stell-first"}
    /\ events' = events + 1
    /\ SetPc(t, IF pc[t] = "stell" THEN "sring" ELSE "sring-first")
    /\ event' = Ev(t, "counts an event", {})
    /\ UNCHANGED <<ThreadVars, permit, slot, done, poller, parkedPoller, standby, count, active>>
    /\ UNCHANGED EnvVars

SRing(t) ==
    /\ pc[t] \in {"sring", "sring-first"}
    /\ permit' = Unparked(parkedPoller)
    /\ IF pc[t] = "sring" THEN Return(t) ELSE SetPc(t, "swake") /\ UNCHANGED ip
    /\ event' = Ev(t, "unparks the parked poller (" \o Show(parkedPoller) \o ")",
                   IF parkedPoller = None THEN {} ELSE {parkedPoller})
    /\ UNCHANGED <<kind, tgt, ticket, snap, seen, cur, reg, slot, done>>
    /\ UNCHANGED EngineVars /\ UNCHANGED EnvVars

(* The first operation outstanding (ProgressRule): after its increment, it wakes every thread in the *)
(* rank's registry, the point-to-point waits among them, which poll from then on.                    *)
SWake(t) ==
    /\ pc[t] = "swake"
    /\ permit' = [x \in Threads |-> permit[x] \/ x \in blocked]
    /\ Return(t)
    /\ event' = Ev(t, "first outstanding: wakes the rank's blocked threads; returns", blocked)
    /\ UNCHANGED <<kind, tgt, ticket, snap, seen, cur, reg, slot, done>>
    /\ UNCHANGED EngineVars /\ UNCHANGED EnvVars

-----------------------------------------------------------------------------
(* ProgressEngine.awaitAny: the look, the role, the poller's loop.         *)

(* while (!anyDone(targets)): the first look of a wait begins the call. *)
LookAs(t, targets, d) ==
    /\ \/ pc[t] = "next" /\ kind' = [kind EXCEPT ![t] = "wait"] /\ tgt' = [tgt EXCEPT ![t] = targets]
       \/ pc[t] = "look" /\ targets = tgt[t] /\ UNCHANGED <<kind, tgt>>
    /\ IF d THEN Return(t) ELSE SetPc(t, "claim") /\ UNCHANGED ip
    /\ event' = Ev(t, IF d THEN "finds its request done; returns" ELSE "finds its request not done", {})
    /\ UNCHANGED <<ticket, snap, seen, cur, reg, permit, slot, done>>
    /\ UNCHANGED EngineVars /\ UNCHANGED EnvVars

Look(t) ==
    \/ pc[t] = "next" /\ HasCall(t) /\ Call(t).op = "wait" /\ LookAs(t, {Call(t).on}, done[Call(t).on])
    \/ pc[t] = "next" /\ HasCall(t) /\ Call(t).op = "waitany" /\ LookAs(t, Call(t).on, \E r \in Call(t).on : done[r])
    \/ pc[t] = "look" /\ LookAs(t, tgt[t], AnyDone(t))

(* poller.compareAndSet(null, me); a thread that fails reads the count for its spin (standBy's seen). *)
Claim(t) ==
    /\ pc[t] = "claim"
    /\ IF poller = None
       THEN /\ poller' = t
            /\ SetPc(t, "ticket")
            /\ UNCHANGED ticket
       ELSE /\ SetPc(t, "sspin")
            /\ ticket' = [ticket EXCEPT ![t] = events]
            /\ UNCHANGED poller
    /\ event' = Ev(t, IF poller = None THEN "takes the poller role" ELSE "goes on standby (" \o poller \o " polls)", {})
    /\ UNCHANGED <<ip, kind, tgt, snap, seen, cur, reg, permit, slot, done>>
    /\ UNCHANGED <<parkedPoller, events, standby, count, active>> /\ UNCHANGED EnvVars

(* What the poller's spin can see move: the count, or its own request done. A spin that saw a     *)
(* watched transfer complete before its completer counted the event polls again too: the         *)
(* completion and the count are one step here (Arrive).                                           *)
SpinSees(t) == events # ticket[t] \/ AnyDone(t)

(* long ticket = events(), then poll(): the read of the count and the beginning of the pass over  *)
(* the active set (two reads; a pass that sees an operation added after the read polls it, as     *)
(* PollOne allows), at the top of the poller's loop or when its spin saw something move.          *)
TicketStep(t) ==
    /\ pc[t] \in {"ticket", "spin"}
    /\ ticket' = [ticket EXCEPT ![t] = events]
    /\ snap' = [snap EXCEPT ![t] = active]
    /\ seen' = [seen EXCEPT ![t] = {}]
    /\ SetPc(t, "pass")
    /\ event' = Ev(t, "reads the event count (" \o ToString(events) \o "), begins a pass", {})
    /\ UNCHANGED <<ip, kind, tgt, cur, reg, permit, slot, done>>
    /\ UNCHANGED EngineVars /\ UNCHANGED EnvVars

Ticket(t) == (pc[t] = "spin" => SpinSees(t)) /\ TicketStep(t)

(* A test's pass over the active set (poll()). *)
PassBegin(t) ==
    /\ pc[t] = "pbegin"
    /\ snap' = [snap EXCEPT ![t] = active]
    /\ seen' = [seen EXCEPT ![t] = {}]
    /\ SetPc(t, "pass")
    /\ event' = Ev(t, "begins a pass over the active set", {})
    /\ UNCHANGED <<ip, kind, tgt, ticket, cur, reg, permit, slot, done>>
    /\ UNCHANGED EngineVars /\ UNCHANGED EnvVars

(* Schedule.progress() of s: consumes what its partners sent; fin: s is done after it (it finished *)
(* now, or earlier). Finishing signals s's request: done, then its waiter's unpark.               *)
PollEffect(s, fin) ==
    /\ work' = [work EXCEPT ![s] = FALSE]
    /\ done' = IF fin THEN [done EXCEPT ![s] = TRUE] ELSE done
    /\ permit' = IF fin /\ ~done[s] THEN Unparked(slot[s]) ELSE permit

Finishes(s) == done[s] \/ (work[s] /\ left[s] = 0)

PollOneAs(t, s, fin) ==
    /\ pc[t] = "pass"
    /\ s \in (snap[t] \cup active) \ seen[t]
    /\ PollEffect(s, fin)
    /\ seen' = [seen EXCEPT ![t] = @ \cup {s}]
    /\ cur' = [cur EXCEPT ![t] = IF fin THEN s ELSE NoSched]
    /\ SetPc(t, IF fin THEN "drop" ELSE "pass")
    /\ event' = Ev(t, "polls " \o s \o (IF fin THEN ": done" ELSE ""), {})
    /\ UNCHANGED <<ip, kind, tgt, ticket, snap, reg, slot, started, left, lpc, blocked>> /\ UNCHANGED EngineVars

PollOne(t, s) == PollOneAs(t, s, Finishes(s))

(* active.remove(s) after a poll found s done (from a pass, a standby's own poll, or its spin). *)
Drop(t) ==
    /\ pc[t] \in {"drop", "odrop", "sdrop"}
    /\ active' = active \ {cur[t]}
    /\ cur' = [cur EXCEPT ![t] = NoSched]
    /\ SetPc(t, CASE pc[t] = "drop" -> "pass" [] pc[t] = "odrop" -> "look" [] pc[t] = "sdrop" -> "sspin")
    /\ event' = Ev(t, "drops " \o cur[t] \o " from the active set", {})
    /\ UNCHANGED <<ip, kind, tgt, ticket, snap, seen, reg, permit, slot, done>>
    /\ UNCHANGED <<poller, parkedPoller, events, standby, count>> /\ UNCHANGED EnvVars

(* The iteration ends (it has polled every operation that was active throughout), and the thread *)
(* looks at its request: a poller that finds it done leaves the role, else it spins; a test       *)
(* returns if it is done, else the user's loop tests again.                                      *)
PassEndAs(t, d) ==
    /\ pc[t] = "pass"
    /\ snap[t] \cap active \subseteq seen[t]
    /\ snap' = [snap EXCEPT ![t] = {}]
    /\ seen' = [seen EXCEPT ![t] = {}]
    /\ IF kind[t] = "test"
       THEN IF d THEN Return(t) ELSE SetPc(t, "pbegin") /\ UNCHANGED ip
       ELSE SetPc(t, IF d THEN "leave" ELSE "spin") /\ UNCHANGED ip
    /\ event' = Ev(t, "ends its pass; its request " \o (IF d THEN "done" ELSE "not done"), {})
    /\ UNCHANGED <<kind, tgt, ticket, cur, reg, permit, slot, done>>
    /\ UNCHANGED EngineVars /\ UNCHANGED EnvVars

PassEnd(t) == PassEndAs(t, AnyDone(t))

(* register(targets, me): a CAS of each target's waiter slot, then a look at done (Completion's  *)
(* tryRegister); regs: the targets it now holds. From the poller's spin (its budget spent) or a   *)
(* standby's queue.                                                                              *)
RegisterAs(t, regs, res) ==
    /\ pc[t] \in {"spin", "sreg"}
    /\ slot' = [r \in Reqs |-> IF r \in regs THEN t ELSE slot[r]]
    /\ reg' = [reg EXCEPT ![t] = res]
    /\ SetPc(t, IF pc[t] = "spin" THEN (IF res = "done" THEN "unreg" ELSE "publish")
                ELSE (IF res = "done" THEN "sleave" ELSE "scheck"))
    /\ event' = Ev(t, "registers on its request" \o (IF res = "done" THEN ": done"
                      ELSE IF res = "taken" THEN ": another thread's slot" ELSE ""), {})
    /\ UNCHANGED <<ip, kind, tgt, ticket, snap, seen, cur, permit, done>>
    /\ UNCHANGED EngineVars /\ UNCHANGED EnvVars

Register(t) ==
    LET regs == {r \in tgt[t] : slot[r] \in {None, t}}
    IN RegisterAs(t, regs, IF AnyDone(t) THEN "done" ELSE IF regs = tgt[t] THEN "ok" ELSE "taken")

(* publishParked: the write of parkedPoller, then the re-read of the count. *)
Publish(t) ==
    /\ pc[t] = "publish"
    /\ parkedPoller' = t
    /\ SetPc(t, "recheck")
    /\ event' = Ev(t, "publishes itself as the parked poller", {})
    /\ UNCHANGED <<ThreadVars, permit, slot, done, poller, events, standby, count, active>>
    /\ UNCHANGED EnvVars

Recheck(t) ==
    /\ pc[t] = "recheck"
    /\ SetPc(t, IF events = ticket[t] THEN "park" ELSE "unreg")
    /\ event' = Ev(t, IF events = ticket[t] THEN "re-reads the count: unchanged; parks"
                      ELSE "re-reads the count: moved; polls again", {})
    /\ UNCHANGED <<ThreadVars, permit, slot, done>> /\ UNCHANGED EngineVars /\ UNCHANGED EnvVars

(* The park returns: with its permit (which it consumes), or after a slice when another thread   *)
(* holds its request's slot (erroneous: two waiters on one request).                            *)
Wake(t) ==
    /\ pc[t] \in {"park", "spark", "ppark"}
    /\ permit[t] \/ (reg[t] = "taken" /\ pc[t] # "ppark")
    /\ permit' = [permit EXCEPT ![t] = FALSE]
    /\ SetPc(t, CASE pc[t] = "park" -> "unreg" [] pc[t] = "spark" -> "sleave" [] pc[t] = "ppark" -> "pcheck")
    /\ event' = Ev(t, "wakes", {})
    /\ UNCHANGED <<ThreadVars, slot, done>> /\ UNCHANGED EngineVars /\ UNCHANGED EnvVars

(* LockSupport.park may return for no reason. Not fair: nothing relies on it. *)
Spurious(t) ==
    /\ pc[t] \in {"park", "spark", "ppark"}
    /\ ~permit[t]
    /\ SetPc(t, CASE pc[t] = "park" -> "unreg" [] pc[t] = "spark" -> "sleave" [] pc[t] = "ppark" -> "pcheck")
    /\ event' = Ev(t, "returns from park without a permit", {})
    /\ UNCHANGED <<ThreadVars, permit, slot, done>> /\ UNCHANGED EngineVars /\ UNCHANGED EnvVars

(* The finally of the poller's round: parkedPoller = null, then deregister: two writes, read by   *)
(* different steps of a completer (Ring reads the first, Route the second), so one step.         *)
Unregister(t) ==
    /\ pc[t] = "unreg"
    /\ parkedPoller' = None
    /\ slot' = Dereg(t)
    /\ SetPc(t, IF reg[t] = "done" THEN "leave" ELSE "ticket")
    /\ event' = Ev(t, "clears parkedPoller and its registration", {})
    /\ UNCHANGED <<ThreadVars, permit, done, poller, events, standby, count, active>>
    /\ UNCHANGED EnvVars

(* Its request done, the poller gives up the role, then wakes every thread on standby. *)
Leave(t) ==
    /\ pc[t] = "leave"
    /\ poller' = None
    /\ SetPc(t, "wake")
    /\ event' = Ev(t, "leaves the poller role", {})
    /\ UNCHANGED <<ThreadVars, permit, slot, done, parkedPoller, events, standby, count, active>>
    /\ UNCHANGED EnvVars

(* Then awaitAny's loop looks at its requests again (and returns). *)
WakeStandby(t) ==
    /\ pc[t] = "wake"
    /\ permit' = [x \in Threads |-> permit[x] \/ x \in standby]
    /\ SetPc(t, "look")
    /\ event' = Ev(t, "wakes every thread on standby", standby)
    /\ UNCHANGED <<ThreadVars, slot, done>>
    /\ UNCHANGED EngineVars /\ UNCHANGED EnvVars

-----------------------------------------------------------------------------
(* standBy: a waiter that is not the poller.                               *)

(* pollOwn: polls its own operation if it is in the active set (s; NoSched: none found). *)
OwnEffect(s, fin) == IF s = NoSched THEN UNCHANGED <<work, done, permit>> ELSE PollEffect(s, fin)

Own(t) == IF tgt[t] \cap active = {} THEN NoSched ELSE CHOOSE s \in tgt[t] \cap active : TRUE
OwnFinishes(t) == Own(t) # NoSched /\ Finishes(Own(t))

(* Inside the spin: the count moved, so it polls its own operation (and keeps spinning). *)
SpinPollAs(t, s, fin) ==
    /\ pc[t] = "sspin"
    /\ ticket' = [ticket EXCEPT ![t] = events]
    /\ OwnEffect(s, fin)
    /\ cur' = [cur EXCEPT ![t] = IF fin THEN s ELSE NoSched]
    /\ SetPc(t, IF fin THEN "sdrop" ELSE "sspin")
    /\ event' = Ev(t, "sees the count move; polls its own operation" \o (IF fin THEN ": done" ELSE ""), {})
    /\ UNCHANGED <<ip, kind, tgt, snap, seen, reg, slot, started, left, lpc, blocked>> /\ UNCHANGED EngineVars

SpinPoll(t) == events # ticket[t] /\ SpinPollAs(t, Own(t), OwnFinishes(t))

(* Back from standby (its spin saw its request done or no poller, or its park returned): pollOwn. *)
OwnPollAs(t, s, fin) ==
    /\ pc[t] \in {"sspin", "ownpoll"}
    /\ OwnEffect(s, fin)
    /\ cur' = [cur EXCEPT ![t] = IF fin THEN s ELSE NoSched]
    /\ SetPc(t, IF fin THEN "odrop" ELSE "look")
    /\ event' = Ev(t, "polls its own operation" \o (IF fin THEN ": done" ELSE ""), {})
    /\ UNCHANGED <<ip, kind, tgt, ticket, snap, seen, reg, slot, started, left, lpc, blocked>> /\ UNCHANGED EngineVars

OwnPoll(t) ==
    /\ pc[t] = "sspin" => (AnyDone(t) \/ poller = None)
    /\ OwnPollAs(t, Own(t), OwnFinishes(t))

(* Its spin spent: standbyCount++, then standby.add(me): two writes, read by different readers   *)
(* (a completer's Route reads the count, a leaving poller the queue), so one step.                *)
Enlist(t) ==
    /\ pc[t] = "sspin"
    /\ count' = count + 1
    /\ standby' = standby \cup {t}
    /\ SetPc(t, "sreg")
    /\ event' = Ev(t, "counts itself on standby and joins the queue", {})
    /\ UNCHANGED <<ThreadVars, permit, slot, done, poller, parkedPoller, events, active>>
    /\ UNCHANGED EnvVars

(* Registered, it parks only if a poller is still there. *)
SCheck(t) ==
    /\ pc[t] = "scheck"
    /\ SetPc(t, IF poller # None THEN "spark" ELSE "sleave")
    /\ event' = Ev(t, IF poller # None THEN "sees poller " \o poller \o "; parks on standby"
                      ELSE "sees no poller; does not park", {})
    /\ UNCHANGED <<ThreadVars, permit, slot, done>> /\ UNCHANGED EngineVars /\ UNCHANGED EnvVars

(* Deregister, standby.remove(me), standbyCount--: a Route between the first write and the others *)
(* sees no waiter and rings the poller, as after all three; a leaving poller reading the queue    *)
(* before the removal unparks it, as before all three. So one step.                               *)
SLeave(t) ==
    /\ pc[t] = "sleave"
    /\ slot' = Dereg(t)
    /\ standby' = standby \ {t}
    /\ count' = count - 1
    /\ SetPc(t, "ownpoll")
    /\ event' = Ev(t, "leaves standby", {})
    /\ UNCHANGED <<ThreadVars, permit, done, poller, parkedPoller, events, active>>
    /\ UNCHANGED EnvVars

-----------------------------------------------------------------------------
(* Completers: transferDone(owner) in the thread that completed a transfer. *)

(* Doorbell.EVENTS.getAndAdd(1) after the transfer is done (here: the same step). *)
TellAs(l, s) ==
    /\ lpc[l] = "idle"
    /\ events' = events + 1
    /\ work' = IF s = NoSched THEN work ELSE [work EXCEPT ![s] = TRUE]
    /\ lpc' = [lpc EXCEPT ![l] = IF s = NoSched THEN "ring" ELSE "route"]
    /\ event' = Ev(l, IF s = NoSched THEN "counts an event" ELSE "completes a transfer of " \o s \o ", counts an event", {})
    /\ UNCHANGED <<pc, ThreadVars, permit, slot, done, started, blocked, poller, parkedPoller, standby, count, active>>

(* The partner of LaneOwner[l] acts once this rank consumed its last transfer. *)
Arrive(l) ==
    LET s == LaneOwner[l]
    IN /\ s # NoSched
       /\ started[s] /\ ~work[s] /\ left[s] > 0 /\ ~done[s]
       /\ left' = [left EXCEPT ![s] = @ - 1]
       /\ TellAs(l, s)

(* With someone on standby, the thread registered on the operation's request, if any; else Ring. *)
(* standbyCount, then owner.waiter(): see the module comment.                                      *)
Route(l) ==
    LET s == LaneOwner[l]
        w == slot[s]
    IN /\ lpc[l] = "route"
       /\ IF count # 0 /\ w # None
          THEN /\ permit' = Unparked(w)
               /\ lpc' = [lpc EXCEPT ![l] = "idle"]
          ELSE /\ lpc' = [lpc EXCEPT ![l] = "ring"]
               /\ UNCHANGED permit
       /\ event' = Ev(l, IF count # 0 /\ w # None THEN "wakes " \o w \o ", the waiter of " \o s
                         ELSE "finds no waiter to route to", IF count # 0 /\ w # None THEN {w} ELSE {})
       /\ UNCHANGED <<pc, ThreadVars, slot, done, started, work, left, blocked>> /\ UNCHANGED EngineVars

(* Doorbell.parkedPoller, read after the count: the Dekker pair with Publish/Recheck. *)
Ring(l) ==
    /\ lpc[l] = "ring"
    /\ permit' = Unparked(parkedPoller)
    /\ lpc' = [lpc EXCEPT ![l] = "idle"]
    /\ event' = Ev(l, "unparks the parked poller (" \o Show(parkedPoller) \o ")",
                   IF parkedPoller = None THEN {} ELSE {parkedPoller})
    /\ UNCHANGED <<pc, ThreadVars, slot, done, started, work, left, blocked>> /\ UNCHANGED EngineVars

(* A point-to-point request completes: done, then its registered waiter's unpark (Completion). *)
Deliver(r) ==
    /\ ~done[r]
    /\ IF Dep[r] = NoSched THEN TRUE ELSE done[Dep[r]]
    /\ done' = [done EXCEPT ![r] = TRUE]
    /\ permit' = Unparked(slot[r])
    /\ event' = Ev("peer", r \o " completes", IF slot[r] = None THEN {} ELSE {slot[r]})
    /\ UNCHANGED <<pc, ThreadVars, slot>> /\ UNCHANGED EngineVars /\ UNCHANGED EnvVars

AllDone == \A t \in Threads : pc[t] = "done"
Terminated == AllDone /\ UNCHANGED vars

ThreadNext(t) ==
    \/ Begin(t) \/ Join(t) \/ Entry(t) \/ BlockReturn(t) \/ RuleEnter(t) \/ P2PRegister(t) \/ P2PCheck(t)
    \/ StartOp(t) \/ Add(t) \/ STell(t) \/ SRing(t) \/ SWake(t)
    \/ Look(t) \/ Claim(t) \/ Ticket(t) \/ PassBegin(t) \/ (\E s \in Sched : PollOne(t, s))
    \/ Drop(t) \/ PassEnd(t) \/ Register(t) \/ Publish(t) \/ Recheck(t)
    \/ Wake(t) \/ Unregister(t) \/ Leave(t) \/ WakeStandby(t)
    \/ SpinPoll(t) \/ OwnPoll(t) \/ Enlist(t) \/ SCheck(t) \/ SLeave(t)

LaneNext(l) == Arrive(l) \/ Route(l) \/ Ring(l)

Next ==
    \/ \E t \in Threads : ThreadNext(t) \/ Spurious(t)
    \/ \E l \in Lanes : LaneNext(l)
    \/ \E r \in P2P : Deliver(r)
    \/ Terminated

(* Weak fairness: a runnable thread runs, a partner whose answer is due sends it, a completer     *)
(* finishes its signal, a point-to-point message whose sender can send arrives. A spurious return *)
(* is not fair. No strong fairness: a livelock TLC reports is one a fair scheduler can produce.  *)
Fairness ==
    /\ \A t \in Threads : WF_vars(ThreadNext(t))
    /\ \A l \in Lanes : WF_vars(LaneNext(l))
    /\ \A r \in P2P : WF_vars(Deliver(r))

Spec == Init /\ [][Next]_vars /\ Fairness

-----------------------------------------------------------------------------
(* The promise.                                                            *)

Labels == {"next", "done", "join", "entry", "bpark", "tloop", "add", "stell", "sring", "look", "claim",
           "rule", "preg", "pcheck", "ppark", "stell-first", "sring-first", "swake",
           "ticket", "pbegin", "pass", "drop", "spin", "publish", "recheck", "park",
           "unreg", "leave", "wake", "sspin", "sdrop", "sreg", "scheck", "spark", "sleave", "ownpoll",
           "odrop"}

TypeOK ==
    /\ pc \in [Threads -> Labels]
    /\ ip \in [Threads -> Nat]
    /\ kind \in [Threads -> Ops \cup {"none"}]
    /\ tgt \in [Threads -> SUBSET Reqs]
    /\ ticket \in [Threads -> Nat]
    /\ snap \in [Threads -> SUBSET Sched]
    /\ seen \in [Threads -> SUBSET Sched]
    /\ cur \in [Threads -> Sched \cup {NoSched}]
    /\ reg \in [Threads -> {"ok", "done", "taken"}]
    /\ permit \in [Threads -> BOOLEAN]
    /\ poller \in Threads \cup {None}
    /\ parkedPoller \in Threads \cup {None}
    /\ events \in Nat
    /\ standby \subseteq Threads
    /\ count \in 0..Cardinality(Threads)
    /\ active \subseteq Sched
    /\ slot \in [Reqs -> Threads \cup {None}]
    /\ done \in [Reqs -> BOOLEAN]
    /\ started \in [Sched -> BOOLEAN]
    /\ work \in [Sched -> BOOLEAN]
    /\ left \in [Sched -> Nat]
    /\ lpc \in [Lanes -> {"idle", "route", "ring"}]
    /\ blocked \subseteq Threads

(* A transfer of s has completed and no poll has consumed it: a poll now would move s. *)
Movable(s) == work[s] /\ ~done[s]

(* Parked without a permit (LockSupport), or in a call that does not poll, on a request not done: *)
(* nothing this thread does will move anything until someone wakes it.                          *)
Asleep(t) ==
    \/ pc[t] \in {"park", "spark"} /\ ~permit[t] /\ reg[t] # "taken"
    \/ pc[t] = "ppark" /\ ~permit[t]
    \/ pc[t] = "bpark" /\ ~AnyDone(t)

(* Could move an operation: awake, inside MPI or about to call, and not in a call that never    *)
(* polls (a blocking probe, a test loop on a point-to-point request) or in user code waiting for *)
(* another thread.                                                                               *)
CouldPoll(t) ==
    /\ ~Asleep(t)
    /\ pc[t] # "done"
    /\ ~(pc[t] = "tloop" /\ ~AnyDone(t))
    /\ ~(pc[t] = "join" /\ ip[Call(t).on.t] <= Call(t).on.i)

WakeOnItsWay == \E l \in Lanes : lpc[l] # "idle"

NoLostProgress ==
    (\E s \in Sched : Movable(s)) /\ (\E t \in Threads : Asleep(t))
        => (\E u \in Threads : CouldPoll(u)) \/ WakeOnItsWay

(* Every call of a waiting kind that has returned found its request done (a waitany: one of them). *)
WaitReturnsDone ==
    \A t \in Threads : \A i \in 1..(ip[t] - 1) :
        Prog[t][i].op \in WaitOps =>
            IF Prog[t][i].op = "waitany" THEN \E r \in Prog[t][i].on : done[r] ELSE done[Prog[t][i].on]

OperationsComplete == \A s \in Sched : started[s] ~> done[s]

CallsReturn == \A t \in Threads : <>(pc[t] = "done")
=============================================================================
