---------------------------- MODULE CompletionTrace ----------------------------
(***************************************************************************)
(* Trace validation (Cirstea, Kuppe, Loillier, Merz, Ricketts 2024) of     *)
(* request completion and waiting (org.mpiverify.core.request.Completion)  *)
(* against ThreadWaitSignal, the spec MatchTable instances for the same    *)
(* protocol (INSTANCE, not a copy): Dang, Snir & Gropp's ThreadWait/       *)
(* ThreadSignal with the "already signalled" flag (§3.1). TLC looks for a  *)
(* behavior that takes the recorded steps one by one and checks           *)
(* NoLostWakeup in every state (through NoLostWakeupKept, see there).     *)
(*                                                                         *)
(* Lanes. A request is one use of a Completion (Reqs; a pooled request is  *)
(* a new one after each reset). A wait lane (Waits) is one thread waiting  *)
(* on one request; a signal lane (Signals) is the one completion of one    *)
(* request, so a second signal of a use finds its lane idle (rejected).   *)
(* ReqOf names each lane's request. Completion records, each access under  *)
(* the completion's monitor together with its stamp (so in the order the  *)
(* accesses took effect):                                                 *)
(*   Publish     the waiter's CAS of the waiter slot      TW!Publish       *)
(*   Check v     its read of done after publishing        TW!Check         *)
(*   Return      its park returned                        TW!Wake / Spurious *)
(*   Signal      the completer's write of done            TW!Signal        *)
(*   Unpark v w  its read of the waiter slot (v: found w) TW!Unpark        *)
(*   Peek        a read of done before publishing that    Peek             *)
(*               found it set (the wait ends there)                        *)
(*   Deregister  the waiter leaves the slot               Deregister       *)
(* The last three, and Spurious, are the implementation's steps that      *)
(* ThreadWaitSignal does not name, each a recorded event (so bounded by   *)
(* the trace):                                                             *)
(*   Peek: await's fast path and its spin read done before publishing; a  *)
(*     read that finds it clear changes nothing (not recorded), one that  *)
(*     finds it set ends the wait without publishing, which is safe: the  *)
(*     flag is never cleared within a use.                                *)
(*   Spurious: LockSupport.park may return without a permit (and parkNanos *)
(*     does when its slice ends); a Return with the lane's bit clear is   *)
(*     one, and leaves the bit as it is. With the bit set it is TW!Wake.   *)
(*   Deregister: a wait that ends (done, or aborted while parked) clears  *)
(*     the slot, which the paper's waiter never does; waitAny publishes  *)
(*     on several requests, parks outside Completion, and leaves them all *)
(*     before it looks again, so a wait lane may start over ("wait").    *)
(* No step is silent, so every state is determined by the events: a      *)
(* window starts in Start, the state TLC printed at the end of the one    *)
(* before.                                                                 *)
(*                                                                         *)
(* NoLostWakeup is the safety core of MatchTable's liveness property of   *)
(* the same name: a wait parked on a request that is done has its wake-up *)
(* delivered (its bit) or coming (the completer is between Signal and     *)
(* Unpark). Besides, each event's values must be the spec's: a Check     *)
(* reads the spec's flag, an Unpark finds a waiter iff one is published.  *)
(***************************************************************************)
EXTENDS Naturals, Sequences, TLC

CONSTANTS
    Waits,      \* wait lanes
    Signals,    \* signal lanes
    Reqs,       \* requests (uses)
    ReqOf,      \* [Waits \cup Signals -> Reqs]
    WaitsOf,    \* [Reqs -> SUBSET Waits]: the wait lanes of each request
    Trace,      \* Seq of events, in the recorded global order
    FromInit,   \* TRUE: the window starts in Init; FALSE: in Start
    Start,      \* [pc, flag, waiter, bit]: where the window starts
    StopAt      \* print the state when event StopAt is next, and stop (Len(Trace) + 1: the whole trace)

VARIABLES pc, flag, waiter, bit, l

TW == INSTANCE ThreadWaitSignal

Lanes == Waits \cup Signals

E == Trace[l]   \* the next event

Init ==
    /\ pc = [o \in Lanes |-> IF o \in Signals THEN "signal" ELSE "wait"]
    /\ flag = [k \in Reqs |-> FALSE]
    /\ waiter = [k \in Reqs |-> FALSE]
    /\ bit = [o \in Lanes |-> FALSE]

(* The steps ThreadWaitSignal names, as operators a mutant can replace in TLC's configuration. *)
PublishStep(w, k) == TW!Publish(w, k)
CheckStep(w, k) == TW!Check(w, k, "done")
WakeStep(w) == TW!Wake(w, "check")
SignalStep(s, k) == TW!Signal(s, k)
UnparkStep(s, k, o) == TW!Unpark(s, k, o)

(* The implementation's steps it does not name (see above). *)
Peek(w, k) ==
    /\ pc[w] = "wait"
    /\ flag[k]
    /\ pc' = [pc EXCEPT ![w] = "done"]
    /\ UNCHANGED <<flag, waiter, bit>>

Spurious(w) ==
    /\ pc[w] = "park"
    /\ ~bit[w]
    /\ pc' = [pc EXCEPT ![w] = "check"]
    /\ UNCHANGED <<flag, waiter, bit>>

Deregister(w, k) ==
    /\ pc[w] \in {"park", "done"}
    /\ waiter[k]
    /\ waiter' = [waiter EXCEPT ![k] = FALSE]
    /\ pc' = [pc EXCEPT ![w] = "wait"]
    /\ UNCHANGED <<flag, bit>>

(* A wait parked on a done request has its wake-up delivered or coming. *)
WakeupSafe(w) ==
    (pc[w] = "park" /\ flag[ReqOf[w]] /\ waiter[ReqOf[w]])
        => (bit[w] \/ \E s \in Signals : ReqOf[s] = ReqOf[w] /\ pc[s] = "unpark")

NoLostWakeup == \A w \in Waits : WakeupSafe(w)

(* NoLostWakeup, checked after each step on the waits the step can affect: every variable a wait's   *)
(* WakeupSafe reads belongs to its request's lanes, and a step changes only its own request's lanes  *)
(* (an Unpark sets the bit of a wait of its request). So NoLostWakeup holds in every state of a      *)
(* behavior iff it holds at its start and this holds on every step: a few lanes per step instead of  *)
(* every wait in every state (measured: 11 s against 3.5 s for a window of 500 events with 80 waits *)
(* and 250 signals). A window's start state was checked by the window before it.                   *)
(* Step and subscript named for batches of traces, as in ProbeTrace's LogAppendsOK.                 *)
NoLostWakeupKeptStep == \A w \in WaitsOf[ReqOf[E.o]] : WakeupSafe(w)'
NoLostWakeupKeptVars == <<pc, flag, waiter, bit, l>>
NoLostWakeupKept == [][NoLostWakeupKeptStep]_NoLostWakeupKeptVars

StateRecord == [pc |-> pc, flag |-> flag, waiter |-> waiter, bit |-> bit]

TraceInit ==
    /\ l = 1
    /\ TLCSet(1, 0)
    /\ IF FromInit THEN Init
       ELSE \* the window's lanes and requests: those of Start that have steps left, and new ones
            /\ pc = [o \in Lanes |-> IF o \in DOMAIN Start.pc THEN Start.pc[o]
                                    ELSE IF o \in Signals THEN "signal" ELSE "wait"]
            /\ flag = [k \in Reqs |-> IF k \in DOMAIN Start.flag THEN Start.flag[k] ELSE FALSE]
            /\ waiter = [k \in Reqs |-> IF k \in DOMAIN Start.waiter THEN Start.waiter[k] ELSE FALSE]
            /\ bit = [o \in Lanes |-> IF o \in DOMAIN Start.bit THEN Start.bit[o] ELSE FALSE]

TakeEvent ==
    LET o == E.o
        k == ReqOf[E.o]
    IN CASE E.k = "Publish" -> PublishStep(o, k)
         [] E.k = "Check" -> /\ CheckStep(o, k)
                             /\ pc'[o] = IF E.v THEN "done" ELSE "park"
         [] E.k = "Return" -> IF bit[o] THEN WakeStep(o) ELSE Spurious(o)
         [] E.k = "Peek" -> Peek(o, k)
         [] E.k = "Deregister" -> Deregister(o, k)
         [] E.k = "Signal" -> SignalStep(o, k)
         [] E.k = "Unpark" -> /\ waiter[k] = E.v
                              /\ E.v => (E.w \in Waits /\ ReqOf[E.w] = k /\ pc[E.w] \in {"check", "park", "done"})
                              /\ UnparkStep(o, k, IF E.v THEN E.w ELSE o)
         [] OTHER -> FALSE

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
