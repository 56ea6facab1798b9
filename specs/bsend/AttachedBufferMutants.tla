------------------------- MODULE AttachedBufferMutants -------------------------
(***************************************************************************)
(* Spec mutants of AttachedBuffer: each definition replaces one operator   *)
(* of the spec (a model's configuration says which, "Op <- Mutant"), each  *)
(* a mistake the Java could make, and the manifest names the property TLC  *)
(* must find violated.                                                     *)
(***************************************************************************)
EXTENDS AttachedBuffer

(* Check-then-act: the gap is found in the layout the thread read, but the *)
(* region is added to whatever layout is there now, without comparing (a   *)
(* plain write, or a lock taken only around the write): two threads that   *)
(* read the same layout take the same gap, and copy two messages into one  *)
(* region (NoOverlap, ContentIntact).                                      *)
PublishWithoutCompare(t) ==
    LET m == Cur(t)
        r == [m |-> m, lo |-> at[t], hi |-> at[t] + Size(t)]
    IN
    /\ pc[t] = "cas"
    /\ layout' = [layout EXCEPT !.regs = @ \cup {r}]
    /\ st' = [st EXCEPT ![m] = "reserved"]
    /\ region' = [region EXCEPT ![m] = [lo |-> r.lo, hi |-> r.hi]]
    /\ pc' = [pc EXCEPT ![t] = "copy"]
    /\ event' = Ev(t, "writes: " \o Name(m) \o " holds [" \o ToString(r.lo) \o ", " \o ToString(r.hi) \o ")")
    /\ UNCHANGED <<mem, recvd, next, snap, at, drained, pcD>>

(* The detach returns without waiting for the buffered messages: the user  *)
(* then reuses the memory under messages not yet delivered (DetachWaits,   *)
(* NoMessageLost).                                                         *)
FinishWithoutWaiting ==
    /\ pcD = "wait"
    /\ layout' = Empty
    /\ mem' = [c \in Cells |-> NoByte]
    /\ pcD' = "done"
    /\ event' = Ev(Detacher, "detach returns the buffer WITHOUT WAITING")
    /\ UNCHANGED <<st, region, recvd, next, pc, snap, at, drained>>

(* The release that empties a detaching layout does not signal the detach: *)
(* the detach waits forever (Termination).                                 *)
ReleaseNoSignal(m) ==
    LET regs == {r \in layout.regs : r.m # m} IN
    /\ st[m] = "delivered"
    /\ layout' = [layout EXCEPT !.regs = regs]
    /\ st' = [st EXCEPT ![m] = "released"]
    /\ event' = Ev("receiver", "releases the region of " \o Name(m) \o " (no signal)")
    /\ UNCHANGED <<mem, region, recvd, next, pc, snap, at, drained, pcD>>

(* The release marks the message done but leaves its region in the layout: *)
(* the message's bytes are never free again, its transmission never        *)
(* finishes, and the detach waits forever (NoMessageLost, Termination).    *)
ReleaseKeepsRegion(m) ==
    /\ st[m] = "delivered"
    /\ drained' = (drained \/ (layout.det /\ layout.regs = {}))
    /\ st' = [st EXCEPT ![m] = "released"]
    /\ event' = Ev("receiver", "releases " \o Name(m) \o " but KEEPS its region")
    /\ UNCHANGED <<layout, mem, region, recvd, next, pc, snap, at, pcD>>

(* A bsend does not look at the detaching mark: it reserves in a buffer    *)
(* whose detach may already have been signalled, and the detach returns   *)
(* with its message still in the buffer (DetachWaits).                     *)
ReadIgnoresDetach(t) ==
    LET m == Cur(t)
        f == FirstFit(layout, Size(t))
    IN
    /\ pc[t] = "read"
    /\ IF ~layout.att \/ f = -1
         THEN /\ st' = [st EXCEPT ![m] = "refused"]
              /\ NextMessage(t)
              /\ UNCHANGED <<snap, at>>
              /\ event' = Ev(t, "bsend " \o Name(m) \o ": ERR_BUFFER")
         ELSE /\ snap' = [snap EXCEPT ![t] = layout]
              /\ at' = [at EXCEPT ![t] = f]
              /\ pc' = [pc EXCEPT ![t] = "cas"]
              /\ UNCHANGED <<st, next>>
              /\ event' = Ev(t, "bsend " \o Name(m) \o ": reads the layout (detaching or not), first fit at " \o ToString(f))
    /\ UNCHANGED <<layout, mem, region, recvd, drained, pcD>>

(* First fit that stops one offset short (a loop "lo < Capacity - size"    *)
(* where the last offset counts too): the gap at the end of the buffer is  *)
(* never offered, and a bsend is refused although its bytes are free       *)
(* (FreedSpaceReused).                                                     *)
FirstFitShort(l, size) ==
    LET c == {lo \in 0..(Capacity - size - 1) :
                 \A r \in l.regs : lo + size <= r.lo \/ r.hi <= lo}
    IN IF c = {} THEN -1 ELSE Min(c)
================================================================================
