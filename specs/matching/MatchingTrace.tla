---------------------------- MODULE MatchingTrace ----------------------------
(***************************************************************************)
(* Trace validation (Cirstea, Kuppe, Loillier, Merz, Ricketts 2024) of     *)
(* org.mpiverify.core.matching.QueueMatchingEngine and HashMatchingEngine  *)
(* against Matching, the spec itself (EXTENDS, not a copy): TLC looks for  *)
(* a behavior of the spec that takes the recorded steps of one rank's      *)
(* engine one by one, and checks the spec's invariants in every state and  *)
(* its action property NonOvertaking on every step: the promises of        *)
(* MpiMatching over Matching's refinement mapping, and NoLoss.             *)
(*                                                                         *)
(* The engine records one event per step (MatchingStep), stamped inside   *)
(* the lock that decides it (context lock; in the hash engine's fast mode  *)
(* the bucket lock, and an unexpected message's arrival number is its     *)
(* stamp, so arrival order across keys is the recorded order):            *)
(*   Post    matchOrPost: took message m, or (m = 0) was posted    Post    *)
(*   Arrive  matchOrEnqueue: took receive r, or (r = 0) was queued Arrive  *)
(*   Cancel  remove: removed r (ok), or r was not posted           Cancel  *)
(*   Take    a matched probe's take: took message m, or none       Post    *)
(*   Mode    the hash engine switched a context (wild or fast)     -       *)
(* Receives and messages are named by the stamps of their Post and Arrive *)
(* steps (renumbered 1, 2, ... in that order by MatchingTraces). Each      *)
(* event carries the result the engine returned; the spec's step must     *)
(* produce exactly it: the message a receive took is the earliest         *)
(* matching unexpected one, the receive a message took the earliest       *)
(* matching posted one, and "posted"/"queued" only when none matches.     *)
(*                                                                         *)
(* Steps the spec does not name:                                           *)
(*   - Mode: the hash engine moving a context's items between its table    *)
(*     and its wild-mode queues changes no matching state (the engine keeps *)
(*     posting and arrival order across the move), so it is a stuttering   *)
(*     step: the spec's variables stay, only l moves. Bounded: one per      *)
(*     recorded switch.                                                    *)
(*   - Cancel that finds r not posted and a Take that finds nothing change *)
(*     nothing either; they check that r is not posted, resp. that no      *)
(*     unexpected message matches. (The failed cancel is not added to      *)
(*     refused: the receive may have matched in an earlier window, which   *)
(*     this window's matched does not hold.)                               *)
(*   - A Take that finds a message is the spec's Post of a receive that    *)
(*     matched at once (an mprobe removes the message as a receive would).*)
(* Sends are not recorded: messages are named in arrival order, so the    *)
(* spec's guard "a sender's earlier messages have arrived" (Msgs = {}) is *)
(* vacuous here; non-overtaking is checked on the matches.                 *)
(*                                                                         *)
(* The trace is data: Trace is bound to TraceLog(file), read by Java     *)
(* (TraceLogOperator), and the whole trace is one TLC run. Every Rebase   *)
(* events (a history window) a Rebase step restarts the history variables *)
(* (used/arrived = the ids in the queues, no matches, no cancels) and     *)
(* leaves the queues and l as they are, so MatchedOnce and CancelExclusive *)
(* cover each history window and NoLoss the messages queued at its start  *)
(* and arrived in it; without it the history sets, and each state's cost, *)
(* would grow with the trace. A run may also start in Start (FromInit =   *)
(* FALSE), the queues of a state printed by an earlier run, with the      *)
(* history restarted in the same way.                                      *)
(* No step is silent and every event determines its step, so each event  *)
(* has one state: breadth- and depth-first search explore the same states *)
(* and the verdict is whether l reaches Len(Trace) + 1.                    *)
(***************************************************************************)
EXTENDS Matching

CONSTANTS
    Trace,      \* Seq of events, in the recorded global order
    FromInit,   \* TRUE: the window starts in Init; FALSE: in Start
    Start,      \* [posted, unexp]: where the window starts
    StopAt,     \* print the state when event StopAt is next, and stop (Len(Trace) + 1: the whole trace)
    Rebase      \* events per history window (0: the history is never restarted)

VARIABLES
    l,          \* the next event: events 1 .. l-1 have been taken
    base        \* the l at which the history variables were last restarted

E == Trace[l]

StateRecord == [posted |-> posted, unexp |-> unexp]

Ids(q) == {q[i].id : i \in 1..Len(q)}

TraceInit ==
    /\ l = 1
    /\ base = 1
    /\ TLCSet(1, 0)
    /\ IF FromInit THEN Init
       ELSE /\ posted = [c \in Contexts |-> IF c \in DOMAIN Start.posted THEN Start.posted[c] ELSE <<>>]
            /\ unexp = [c \in Contexts |-> IF c \in DOMAIN Start.unexp THEN Start.unexp[c] ELSE <<>>]
            /\ used = UNION {Ids(posted[c]) : c \in Contexts}
            /\ arrived = UNION {Ids(unexp[c]) : c \in Contexts}
            /\ matched = {}
            /\ cancelled = {}
            /\ refused = {}

(* The start of a history window: the queues stay, the history restarts as in a run from Start. *)
RebaseDue == Rebase > 0 /\ l > base /\ (l - 1) % Rebase = 0
RebaseStep ==
    /\ base' = l
    /\ used' = UNION {Ids(posted[c]) : c \in Contexts}
    /\ arrived' = UNION {Ids(unexp[c]) : c \in Contexts}
    /\ matched' = {}
    /\ cancelled' = {}
    /\ refused' = {}
    /\ UNCHANGED <<posted, unexp, l>>

(* The result the engine returned is the spec's: the message r takes (0: none), the receive m takes. *)
TakesMsg(r, mid) == LET i == MsgFor(r) IN IF mid = 0 THEN i = 0 ELSE i # 0 /\ unexp[r.ctx][i].id = mid
TakesRecv(m, rid) == LET i == RecvFor(m) IN IF rid = 0 THEN i = 0 ELSE i # 0 /\ posted[m.ctx][i].id = rid

TakeEvent ==
    CASE E.k = "Post" ->
              /\ TakesMsg(E.r, E.m)
              /\ Post(E.r)
      [] E.k = "Arrive" ->
              /\ TakesRecv(E.m, E.r)
              /\ Arrive(E.m)
      [] E.k = "Cancel" ->
              /\ CancelOk(E.r) = E.ok
              /\ IF E.ok THEN Cancel(E.r) ELSE UNCHANGED vars   \* not recorded in refused: see above
      [] E.k = "Take" ->
              /\ TakesMsg(E.r, E.m)
              /\ IF E.m = 0 THEN UNCHANGED vars ELSE Post(E.r)
      [] E.k = "Mode" ->
              UNCHANGED vars
      [] OTHER -> FALSE

TraceNext ==
    \/ RebaseDue /\ RebaseStep
    \/ /\ ~RebaseDue
       /\ l <= Len(Trace)
       /\ TakeEvent
       /\ l' = l + 1
       /\ UNCHANGED base

(* Constraints: evaluated on every state TLC reaches (they are TRUE, their point is the output).     *)
(* TraceStop ends the run only before the end of the trace: the state after the last event has no  *)
(* successor anyway, and TLC's exit would skip the invariants in that state (a violation by the     *)
(* last event would go unseen).                                                                     *)
TraceProgress == l > TLCGet(1) => (TLCSet(1, l) /\ PrintT(<<"TRACE-REACHED", l>>))
TraceStop == l = StopAt => (PrintT(<<"TRACE-STATE", l, StateRecord>>)
                            /\ (StopAt <= Len(Trace) => TLCSet("exit", TRUE)))
=============================================================================
