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
    /\ event' = Ev(t, "writes: " \o m \o " holds [" \o ToString(r.lo) \o ", " \o ToString(r.hi) \o ")")
    /\ UNCHANGED <<mem, got, next, snap, at, drained, pcD, spurious>>

(* The detach returns without waiting for the buffered messages: the user  *)
(* then reuses the memory under messages not yet delivered (DetachWaits,   *)
(* NoMessageLost).                                                         *)
FinishWithoutWaiting ==
    /\ pcD = "wait"
    /\ layout' = Empty
    /\ mem' = [c \in Cells |-> None]
    /\ pcD' = "done"
    /\ event' = Ev(Detacher, "detach returns the buffer WITHOUT WAITING")
    /\ UNCHANGED <<st, region, got, next, pc, snap, at, drained, spurious>>

(* The release that empties a detaching layout does not signal the detach: *)
(* the detach waits forever (Termination).                                 *)
ReleaseNoSignal(m) ==
    LET regs == {r \in layout.regs : r.m # m} IN
    /\ st[m] = "delivered"
    /\ layout' = [layout EXCEPT !.regs = regs]
    /\ st' = [st EXCEPT ![m] = "released"]
    /\ event' = Ev("receiver", "releases the region of " \o m \o " (no signal)")
    /\ UNCHANGED <<mem, region, got, next, pc, snap, at, drained, pcD, spurious>>

(* The release marks the message done but leaves its region in the layout: *)
(* freed space is never reused, and a later bsend is refused although the  *)
(* buffer is empty (FreedSpaceReused).                                     *)
ReleaseKeepsRegion(m) ==
    /\ st[m] = "delivered"
    /\ drained' = (drained \/ (layout.det /\ layout.regs = {}))
    /\ st' = [st EXCEPT ![m] = "released"]
    /\ event' = Ev("receiver", "releases " \o m \o " but KEEPS its region")
    /\ UNCHANGED <<layout, mem, region, got, next, pc, snap, at, pcD, spurious>>

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
              /\ spurious' = (spurious \/ (layout.att /\ ~layout.det /\ LiveBytes + Size(t) <= Capacity))
              /\ NextMessage(t)
              /\ UNCHANGED <<snap, at>>
              /\ event' = Ev(t, "bsend " \o m \o ": ERR_BUFFER")
         ELSE /\ snap' = [snap EXCEPT ![t] = layout]
              /\ at' = [at EXCEPT ![t] = f]
              /\ pc' = [pc EXCEPT ![t] = "cas"]
              /\ UNCHANGED <<st, spurious, next>>
              /\ event' = Ev(t, "bsend " \o m \o ": reads the layout (detaching or not), first fit at " \o ToString(f))
    /\ UNCHANGED <<layout, mem, region, got, drained, pcD>>
================================================================================
