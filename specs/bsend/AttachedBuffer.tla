---------------------------- MODULE AttachedBuffer ----------------------------
(***************************************************************************)
(* The attached buffer of buffered sends, shared by the threads of one     *)
(* process (MPI-3.1 §3.6, MPI_Buffer_attach / MPI_Bsend / MPI_Buffer_detach;*)
(* Gropp & Thakur 2007, §3, class Own: "global" state such as the buffer   *)
(* of MPI_Bsend, which the call protects itself).                          *)
(*                                                                         *)
(* Java: org.mpiverify.core.bsend.AttachedBuffer (the allocator) as        *)
(*   org.mpiverify.mpi.BufferedSends uses it. The layout (attached?,       *)
(*   detaching?, live regions) is one immutable value behind one CAS:      *)
(*   - a bsend reads the layout, finds the lowest offset with Size free    *)
(*     bytes (first fit), and publishes its region by a CAS from the       *)
(*     layout it read (a lost CAS retries from the read); refused with     *)
(*     ERR_BUFFER if nothing is attached, a detach is under way, or no gap *)
(*     fits; it then copies its message into the region and starts a send *)
(*     from there, and returns;                                            *)
(*   - the message is delivered (copied out of the region) by a receiver,  *)
(*     whose thread then releases the region (one CAS); the release that   *)
(*     empties a layout being detached signals the detach's completion;    *)
(*   - a detach marks the layout detaching (one CAS; signals at once if no *)
(*     region is held), waits for the signal holding nothing, and then     *)
(*     makes the buffer unattached, returning its memory to the user.      *)
(*                                                                         *)
(* Each thread of Threads sends the messages of Plan[t] in order, each of  *)
(* the size it names (bytes, overhead included); one detacher detaches the *)
(* buffer at some point. Memory cells hold the id of the message whose     *)
(* bytes they hold, so a delivery sees whether it got its own message.     *)
(*                                                                         *)
(* Properties, from MPI's promise to the user:                             *)
(*   NoOverlap       two messages in the buffer never share a byte, and    *)
(*                   each lies inside it;                                  *)
(*   ContentIntact   a delivered message is the message that was sent;     *)
(*   DetachWaits     when the detach returns, no message is left in the    *)
(*                   buffer (§3.6: it "will block until all messages       *)
(*                   currently in the buffer have been transmitted");      *)
(*   FreedSpaceReused a bsend is refused for want of space only if the     *)
(*                   messages whose transmission has not finished leave    *)
(*                   too few bytes                                         *)
(*                   (models with one message size, where first fit has no *)
(*                   fragmentation to blame);                              *)
(*   NoMessageLost   every message a bsend accepted is delivered intact;   *)
(*   Termination     every bsend and the detach return.                    *)
(***************************************************************************)
EXTENDS Integers, FiniteSets, Sequences, TLC

CONSTANTS Threads,   \* sending threads, e.g. {"t1", "t2"}
          Plan,      \* [Threads -> Seq(1..Capacity)]: each message's size
          Capacity   \* bytes of the attached buffer

None == "none"
Detacher == "detacher"
MsgId(t, i) == t \o "." \o ToString(i)
Msgs == UNION {{MsgId(t, i) : i \in 1..Len(Plan[t])} : t \in Threads}
SizeOf(m) == CHOOSE s \in 1..Capacity : \E t \in Threads : \E i \in 1..Len(Plan[t]) :
                 m = MsgId(t, i) /\ s = Plan[t][i]
Cells == 0..(Capacity - 1)
Min(S) == CHOOSE x \in S : \A y \in S : x <= y

VARIABLES layout,   \* [att: BOOLEAN, det: BOOLEAN, regs: SUBSET [m, lo, hi]]
          mem,      \* [Cells -> Msgs \cup {None}]
          st,       \* [Msgs -> {"new", "reserved", "buffered", "delivered", "released", "refused"}]
          region,   \* [Msgs -> [lo, hi]] the region a message was given (history)
          got,      \* [Msgs -> BOOLEAN] its delivery read its own bytes
          next,     \* [Threads -> Nat] index of the message a thread sends
          pc,       \* [Threads -> {"read", "cas", "copy", "done"}]
          snap,     \* [Threads -> layout] the layout a thread's reserve read
          at,       \* [Threads -> Int] the offset it found there
          drained,  \* the detach's completion (signalled once)
          pcD,      \* detacher: "idle", "wait", "done"
          spurious, \* a bsend was refused while enough space was free (history)
          event

vars == <<layout, mem, st, region, got, next, pc, snap, at, drained, pcD, spurious, event>>

Ev(who, what) == [who |-> who, what |-> what, peers |-> {}]
Cur(t) == MsgId(t, next[t])
Size(t) == Plan[t][next[t]]
(* Messages whose transmission has not finished: their bytes are taken.   *)
Live == {m \in Msgs : st[m] \in {"reserved", "buffered", "delivered"}}
RECURSIVE SumSizes(_)
SumSizes(S) == IF S = {} THEN 0 ELSE LET m == CHOOSE x \in S : TRUE IN SizeOf(m) + SumSizes(S \ {m})
LiveBytes == SumSizes(Live)
Empty == [att |-> FALSE, det |-> FALSE, regs |-> {}]

(* The lowest offset with size free bytes in layout l, or -1.             *)
FirstFit(l, size) ==
    LET c == {lo \in 0..(Capacity - size) :
                 \A r \in l.regs : lo + size <= r.lo \/ r.hi <= lo}
    IN IF c = {} THEN -1 ELSE Min(c)

Init == /\ layout = [att |-> TRUE, det |-> FALSE, regs |-> {}]
        /\ mem = [c \in Cells |-> None]
        /\ st = [m \in Msgs |-> "new"]
        /\ region = [m \in Msgs |-> [lo |-> 0, hi |-> 0]]
        /\ got = [m \in Msgs |-> FALSE]
        /\ next = [t \in Threads |-> 1]
        /\ pc = [t \in Threads |-> IF Len(Plan[t]) = 0 THEN "done" ELSE "read"]
        /\ snap = [t \in Threads |-> Empty]
        /\ at = [t \in Threads |-> -1]
        /\ drained = FALSE
        /\ pcD = "idle"
        /\ spurious = FALSE
        /\ event = Ev("", "init")

NextMessage(t) == IF next[t] = Len(Plan[t])
                  THEN /\ pc' = [pc EXCEPT ![t] = "done"] /\ UNCHANGED next
                  ELSE /\ pc' = [pc EXCEPT ![t] = "read"] /\ next' = [next EXCEPT ![t] = @ + 1]

(* ---- bsend: reserve (read, then CAS), copy, send ---- *)

(* Reads the layout: refuses (ERR_BUFFER, nothing changes) or finds a gap. *)
Read(t) ==
    LET m == Cur(t)
        f == FirstFit(layout, Size(t))
    IN
    /\ pc[t] = "read"
    /\ IF ~layout.att \/ layout.det \/ f = -1
         THEN /\ st' = [st EXCEPT ![m] = "refused"]
              /\ spurious' = (spurious \/ (layout.att /\ ~layout.det /\ LiveBytes + Size(t) <= Capacity))
              /\ NextMessage(t)
              /\ UNCHANGED <<snap, at>>
              /\ event' = Ev(t, "bsend " \o m \o ": ERR_BUFFER")
         ELSE /\ snap' = [snap EXCEPT ![t] = layout]
              /\ at' = [at EXCEPT ![t] = f]
              /\ pc' = [pc EXCEPT ![t] = "cas"]
              /\ UNCHANGED <<st, spurious, next>>
              /\ event' = Ev(t, "bsend " \o m \o ": reads the layout, first fit at " \o ToString(f))
    /\ UNCHANGED <<layout, mem, region, got, drained, pcD>>

(* Publishes the region by CAS from the layout it read; retries if lost. *)
Publish(t) ==
    LET m == Cur(t)
        r == [m |-> m, lo |-> at[t], hi |-> at[t] + Size(t)]
    IN
    /\ pc[t] = "cas"
    /\ IF layout = snap[t]
         THEN /\ layout' = [layout EXCEPT !.regs = @ \cup {r}]
              /\ st' = [st EXCEPT ![m] = "reserved"]
              /\ region' = [region EXCEPT ![m] = [lo |-> r.lo, hi |-> r.hi]]
              /\ pc' = [pc EXCEPT ![t] = "copy"]
              /\ event' = Ev(t, "CAS: " \o m \o " holds [" \o ToString(r.lo) \o ", " \o ToString(r.hi) \o ")")
         ELSE /\ pc' = [pc EXCEPT ![t] = "read"]
              /\ UNCHANGED <<layout, st, region>>
              /\ event' = Ev(t, "CAS lost: read again")
    /\ UNCHANGED <<mem, got, next, snap, at, drained, pcD, spurious>>

(* Copies the message into its region and starts its send; bsend returns. *)
Copy(t) ==
    LET m == Cur(t) IN
    /\ pc[t] = "copy"
    /\ mem' = [c \in Cells |-> IF region[m].lo <= c /\ c < region[m].hi THEN m ELSE mem[c]]
    /\ st' = [st EXCEPT ![m] = "buffered"]
    /\ NextMessage(t)
    /\ event' = Ev(t, "copies " \o m \o " and sends it from the buffer")
    /\ UNCHANGED <<layout, region, got, snap, at, drained, pcD, spurious>>

(* ---- a receiver takes a buffered message, then releases its region ---- *)

Deliver(m) ==
    /\ st[m] = "buffered"
    /\ got' = [got EXCEPT ![m] = \A c \in Cells : region[m].lo <= c /\ c < region[m].hi => mem[c] = m]
    /\ st' = [st EXCEPT ![m] = "delivered"]
    /\ event' = Ev("receiver", "copies " \o m \o " out of the buffer")
    /\ UNCHANGED <<layout, mem, region, next, pc, snap, at, drained, pcD, spurious>>

(* One CAS: the region goes; the release that empties a detaching layout   *)
(* signals the detach.                                                     *)
Release(m) ==
    LET regs == {r \in layout.regs : r.m # m} IN
    /\ st[m] = "delivered"
    /\ layout' = [layout EXCEPT !.regs = regs]
    /\ drained' = (drained \/ (layout.det /\ regs = {}))
    /\ st' = [st EXCEPT ![m] = "released"]
    /\ event' = Ev("receiver", "releases the region of " \o m)
    /\ UNCHANGED <<mem, region, got, next, pc, snap, at, pcD, spurious>>

(* ---- the detach ---- *)

BeginDetach ==
    /\ pcD = "idle"
    /\ layout' = [layout EXCEPT !.det = TRUE]
    /\ drained' = (layout.regs = {})
    /\ pcD' = "wait"
    /\ event' = Ev(Detacher, "detach: marks the layout detaching")
    /\ UNCHANGED <<mem, st, region, got, next, pc, snap, at, spurious>>

(* After the signal: nothing attached; the user takes the memory back.    *)
FinishDetach ==
    /\ pcD = "wait"
    /\ drained
    /\ layout' = Empty
    /\ mem' = [c \in Cells |-> None]
    /\ pcD' = "done"
    /\ event' = Ev(Detacher, "detach returns the buffer")
    /\ UNCHANGED <<st, region, got, next, pc, snap, at, drained, spurious>>

AllDone == (\A t \in Threads : pc[t] = "done") /\ pcD = "done"
           /\ \A m \in Msgs : st[m] \in {"released", "refused"}
Terminated == AllDone /\ UNCHANGED vars

Thread(t) == Read(t) \/ Publish(t) \/ Copy(t)
Next == \/ \E t \in Threads : Thread(t)
        \/ \E m \in Msgs : Deliver(m) \/ Release(m)
        \/ BeginDetach \/ FinishDetach
        \/ Terminated

(* Fairness: a runnable thread runs; receivers take every buffered message *)
(* and release it; the detacher detaches and, once signalled, returns.     *)
Spec == /\ Init /\ [][Next]_vars
        /\ \A t \in Threads : WF_vars(Thread(t))
        /\ \A m \in Msgs : WF_vars(Deliver(m)) /\ WF_vars(Release(m))
        /\ WF_vars(BeginDetach) /\ WF_vars(FinishDetach)

View == <<layout, mem, st, region, got, next, pc, snap, at, drained, pcD, spurious>>

--------------------------------------------------------------------------------
(* Properties *)

InBuffer == {m \in Msgs : st[m] \in {"reserved", "buffered"}}

NoOverlap ==
    /\ \A m \in InBuffer : 0 <= region[m].lo /\ region[m].lo < region[m].hi /\ region[m].hi <= Capacity
    /\ \A m1, m2 \in InBuffer : m1 # m2 => region[m1].hi <= region[m2].lo \/ region[m2].hi <= region[m1].lo

ContentIntact == \A m \in Msgs : st[m] \in {"delivered", "released"} => got[m]

DetachWaits == pcD = "done" => InBuffer = {}

FreedSpaceReused == ~spurious

NoMessageLost == \A m \in Msgs : st[m] = "buffered" ~> (st[m] \in {"delivered", "released"} /\ got[m])

Termination == <>AllDone
================================================================================
