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
(* buffer at any point, at the latest once every bsend has returned (no    *)
(* bsend may wait for it). A memory cell holds one byte of one message:    *)
(* byte k of message m is <<m, k>>, what the bsend handed in; a delivery   *)
(* records the bytes it copied out (recvd), and the promise compares them  *)
(* with what was handed in.                                                *)
(*                                                                         *)
(* It refines BsendPromise (MPI-3.1 §3.6 with no layout or memory in it):  *)
(* RefinesBsendPromise. A message is accepted at its Publish (the CAS that *)
(* reserves its region), received at its Deliver, finished at its Release; *)
(* the detach begins at the mark and ends when the layout is unattached.   *)
(* Properties, the promise's through that mapping unless said otherwise:   *)
(*   NoOverlap       two messages in the buffer never share a byte, and    *)
(*                   each lies inside it (the allocator's own invariant);  *)
(*   ContentIntact   a delivered message has the bytes its bsend handed in;*)
(*   DetachWaits     when the detach call returns, no message is left in   *)
(*                   the buffer (§3.6: it "will block until all messages   *)
(*                   currently in the buffer have been transmitted");      *)
(*   FreedSpaceReused (an action property) a bsend is refused only while a *)
(*                   detach runs or when the messages whose transmission   *)
(*                   has not finished leave too few bytes (models with one *)
(*                   message size, where first fit has no fragmentation to *)
(*                   blame);                                               *)
(*   NoMessageLost   every message a bsend accepted is delivered intact;   *)
(*   Termination     every bsend and the detach call return;               *)
(*   RefinesBsendPromise every step is one of the promise's, and its       *)
(*                   fairness holds.                                       *)
(***************************************************************************)
EXTENDS Integers, FiniteSets, Sequences, TLC

CONSTANTS Threads,   \* sending threads, e.g. {"t1", "t2"}
          Plan,      \* [Threads -> Seq(1..Capacity)]: each message's size
          Capacity   \* bytes of the attached buffer

NoByte == <<>>   \* a cell that holds no byte of any message
Detacher == "detacher"
MsgId(t, i) == <<t, i>>
Msgs == UNION {{MsgId(t, i) : i \in 1..Len(Plan[t])} : t \in Threads}
SizeOf(m) == Plan[m[1]][m[2]]
Name(m) == m[1] \o "." \o ToString(m[2])
Cells == 0..(Capacity - 1)
Min(S) == CHOOSE x \in S : \A y \in S : x <= y

VARIABLES layout,   \* [att: BOOLEAN, det: BOOLEAN, regs: SUBSET [m, lo, hi]]
          mem,      \* [Cells -> (Msgs \X Nat) \cup {NoByte}]: byte k of message m is <<m, k>>
          st,       \* [Msgs -> {"new", "reserved", "buffered", "delivered", "released", "refused"}]
          region,   \* [Msgs -> [lo, hi]] the region a message was given ([0, 0) before)
          recvd,    \* [Msgs -> Seq]: the bytes its delivery copied out (<<>> before)
          next,     \* [Threads -> Nat] index of the message a thread sends
          pc,       \* [Threads -> {"read", "cas", "copy", "done"}]
          snap,     \* [Threads -> layout] the layout a thread's reserve read
          at,       \* [Threads -> Int] the offset it found there
          drained,  \* the detach's completion (signalled once)
          pcD,      \* detacher: "idle", "wait", "done"
          event

vars == <<layout, mem, st, region, recvd, next, pc, snap, at, drained, pcD, event>>

Ev(who, what) == [who |-> who, what |-> what, peers |-> {}]
Cur(t) == MsgId(t, next[t])
Size(t) == Plan[t][next[t]]
Empty == [att |-> FALSE, det |-> FALSE, regs |-> {}]

(* The lowest offset with size free bytes in layout l, or -1.             *)
FirstFit(l, size) ==
    LET c == {lo \in 0..(Capacity - size) :
                 \A r \in l.regs : lo + size <= r.lo \/ r.hi <= lo}
    IN IF c = {} THEN -1 ELSE Min(c)

Init == /\ layout = [att |-> TRUE, det |-> FALSE, regs |-> {}]
        /\ mem = [c \in Cells |-> NoByte]
        /\ st = [m \in Msgs |-> "new"]
        /\ region = [m \in Msgs |-> [lo |-> 0, hi |-> 0]]
        /\ recvd = [m \in Msgs |-> <<>>]
        /\ next = [t \in Threads |-> 1]
        /\ pc = [t \in Threads |-> IF Plan[t] = <<>> THEN "done" ELSE "read"]
        /\ snap = [t \in Threads |-> Empty]
        /\ at = [t \in Threads |-> -1]
        /\ drained = FALSE
        /\ pcD = "idle"
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
              /\ NextMessage(t)
              /\ UNCHANGED <<snap, at>>
              /\ event' = Ev(t, "bsend " \o Name(m) \o ": ERR_BUFFER")
         ELSE /\ snap' = [snap EXCEPT ![t] = layout]
              /\ at' = [at EXCEPT ![t] = f]
              /\ pc' = [pc EXCEPT ![t] = "cas"]
              /\ UNCHANGED <<st, next>>
              /\ event' = Ev(t, "bsend " \o Name(m) \o ": reads the layout, first fit at " \o ToString(f))
    /\ UNCHANGED <<layout, mem, region, recvd, drained, pcD>>

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
              /\ event' = Ev(t, "CAS: " \o Name(m) \o " holds [" \o ToString(r.lo) \o ", " \o ToString(r.hi) \o ")")
         ELSE /\ pc' = [pc EXCEPT ![t] = "read"]
              /\ UNCHANGED <<layout, st, region>>
              /\ event' = Ev(t, "CAS lost: read again")
    /\ UNCHANGED <<mem, recvd, next, snap, at, drained, pcD>>

(* Copies the message into its region and starts its send; bsend returns. *)
Copy(t) ==
    LET m == Cur(t) IN
    /\ pc[t] = "copy"
    /\ mem' = [c \in Cells |-> IF region[m].lo <= c /\ c < region[m].hi
                               THEN <<m, c - region[m].lo + 1>> ELSE mem[c]]
    /\ st' = [st EXCEPT ![m] = "buffered"]
    /\ NextMessage(t)
    /\ event' = Ev(t, "copies " \o Name(m) \o " and sends it from the buffer")
    /\ UNCHANGED <<layout, region, recvd, snap, at, drained, pcD>>

(* ---- a receiver takes a buffered message, then releases its region ---- *)

(* The receiver copies the bytes of the message's region out.              *)
Deliver(m) ==
    /\ st[m] = "buffered"
    /\ recvd' = [recvd EXCEPT ![m] = [k \in 1..(region[m].hi - region[m].lo) |-> mem[region[m].lo + k - 1]]]
    /\ st' = [st EXCEPT ![m] = "delivered"]
    /\ event' = Ev("receiver", "copies " \o Name(m) \o " out of the buffer")
    /\ UNCHANGED <<layout, mem, region, next, pc, snap, at, drained, pcD>>

(* One CAS: the region goes; the release that empties a detaching layout   *)
(* signals the detach.                                                     *)
Release(m) ==
    LET regs == {r \in layout.regs : r.m # m} IN
    /\ st[m] = "delivered"
    /\ layout' = [layout EXCEPT !.regs = regs]
    /\ drained' = (drained \/ (layout.det /\ regs = {}))
    /\ st' = [st EXCEPT ![m] = "released"]
    /\ event' = Ev("receiver", "releases the region of " \o Name(m))
    /\ UNCHANGED <<mem, region, recvd, next, pc, snap, at, pcD>>

(* ---- the detach ---- *)

BeginDetach ==
    /\ pcD = "idle"
    /\ layout' = [layout EXCEPT !.det = TRUE]
    /\ drained' = (layout.regs = {})
    /\ pcD' = "wait"
    /\ event' = Ev(Detacher, "detach: marks the layout detaching")
    /\ UNCHANGED <<mem, st, region, recvd, next, pc, snap, at>>

(* After the signal: nothing attached; the user takes the memory back.    *)
FinishDetach ==
    /\ pcD = "wait"
    /\ drained
    /\ layout' = Empty
    /\ mem' = [c \in Cells |-> NoByte]
    /\ pcD' = "done"
    /\ event' = Ev(Detacher, "detach returns the buffer")
    /\ UNCHANGED <<st, region, recvd, next, pc, snap, at, drained>>

AllDone == (\A t \in Threads : pc[t] = "done") /\ pcD = "done"
           /\ \A m \in Msgs : st[m] \in {"released", "refused"}
Terminated == AllDone /\ UNCHANGED vars

Thread(t) == Read(t) \/ Publish(t) \/ Copy(t)
Next == \/ \E t \in Threads : Thread(t)
        \/ \E m \in Msgs : Deliver(m) \/ Release(m)
        \/ BeginDetach \/ FinishDetach
        \/ Terminated

(* Fairness: a runnable thread runs; receivers take every buffered message *)
(* and release it; the detacher detaches at the latest once every bsend    *)
(* has returned (so a bsend that waits for the detach waits forever), and, *)
(* once signalled, returns.                                                *)
Spec == /\ Init /\ [][Next]_vars
        /\ \A t \in Threads : WF_vars(Thread(t))
        /\ \A m \in Msgs : WF_vars(Deliver(m)) /\ WF_vars(Release(m))
        /\ WF_vars(BeginDetach /\ \A t \in Threads : pc[t] = "done")
        /\ WF_vars(FinishDetach)

View == <<layout, mem, st, region, recvd, next, pc, snap, at, drained, pcD>>

--------------------------------------------------------------------------------
(* The refinement mapping onto the promise *)

(* A message is accepted once its region is reserved, received once       *)
(* delivered, and its transmission finishes when its region leaves the    *)
(* layout (its bytes are free again).                                      *)
Held(m) == \E r \in layout.regs : r.m = m
PromiseStatus(m) == CASE st[m] \in {"reserved", "buffered"} -> "accepted"
                      [] st[m] \in {"delivered", "released"} -> IF Held(m) THEN "received" ELSE "finished"
                      [] OTHER -> st[m]
(* The detach begins at its mark (from then on no bsend gets in) and ends  *)
(* when the buffer is unattached.                                          *)
PromiseDetach == IF ~layout.att THEN "detached" ELSE IF layout.det THEN "detaching" ELSE "attached"

(* The receiver has the bytes it copied out once the delivery is done.    *)
PromiseRecv == [m \in Msgs |-> IF st[m] \in {"delivered", "released"} THEN recvd[m] ELSE <<>>]

Promise == INSTANCE BsendPromise WITH status <- [m \in Msgs |-> PromiseStatus(m)],
                                      recv <- PromiseRecv,
                                      detach <- PromiseDetach

RefinesBsendPromise == Promise!Spec

--------------------------------------------------------------------------------
(* Properties *)

InBuffer == {m \in Msgs : st[m] \in {"reserved", "buffered"}}

NoOverlap ==
    /\ \A m \in InBuffer : 0 <= region[m].lo /\ region[m].lo < region[m].hi /\ region[m].hi <= Capacity
    /\ \A m1, m2 \in InBuffer : m1 # m2 => region[m1].hi <= region[m2].lo \/ region[m2].hi <= region[m1].lo

ContentIntact == Promise!ContentIntact

(* The call returns only once every message in the buffer was transmitted. *)
DetachWaits == pcD = "done" => Promise!InBuffer = {}

FreedSpaceReused == Promise!RefusedOnlyWhenFull

NoMessageLost == Promise!NoMessageLost

(* Every bsend and the detach return (AllDone also asks that every message *)
(* be released, which the promise's fairness covers).                      *)
Termination == <>(pcD = "done" /\ \A t \in Threads : pc[t] = "done")
================================================================================
