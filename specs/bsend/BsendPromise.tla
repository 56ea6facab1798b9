------------------------------ MODULE BsendPromise ------------------------------
(***************************************************************************)
(* What MPI promises the threads of a process about buffered sends         *)
(* (MPI-3.1 §3.6: MPI_Buffer_attach, MPI_Bsend, MPI_Buffer_detach), with   *)
(* no layout, region, CAS, memory cell or signal in it. AttachedBuffer.tla *)
(* refines it (RefinesBsendPromise).                                       *)
(*                                                                         *)
(* Each thread of Threads hands in the messages of Plan[t] in order, each  *)
(* of the size Plan[t][i] (bytes, overhead included); byte k of a message  *)
(* m is <<m, k>>, so a receiver can tell every byte of every message       *)
(* apart. The buffer holds Capacity bytes; one detach may be called at any *)
(* time (or never).                                                        *)
(*  - A bsend is decided once, in its thread's order: Accept (the message  *)
(*    now holds its bytes of the buffer until its transmission finishes)   *)
(*    only while the buffer is attached and not being detached, and only   *)
(*    if it fits beside the messages whose transmission has not finished;  *)
(*    Refuse (ERR_BUFFER) only when the detach has begun or it does not    *)
(*    fit (§3.6: the bsend fails "if insufficient buffer space is          *)
(*    available"; with one message size, the space of finished messages is *)
(*    free for the next one).                                              *)
(*  - An accepted message is received with exactly the bytes its bsend    *)
(*    handed in (Receive), and its transmission then finishes (Finish).    *)
(*  - The detach, once begun, lets no message in, and returns only when    *)
(*    every message in the buffer has been transmitted (§3.6: it "will     *)
(*    block until all messages currently in the buffer have been           *)
(*    transmitted").                                                       *)
(*  - Every bsend is decided, every accepted message is received and       *)
(*    finishes, and a detach that began returns (fairness of Spec).        *)
(***************************************************************************)
EXTENDS Integers, Sequences, FiniteSets, TLC

CONSTANTS Threads,   \* the sending threads
          Plan,      \* [Threads -> Seq(Nat \ {0})]: the size of each message, in order
          Capacity   \* bytes of the attached buffer

Msg(t, i) == <<t, i>>
Msgs == UNION {{Msg(t, i) : i \in 1..Len(Plan[t])} : t \in Threads}
Size(m) == Plan[m[1]][m[2]]
Payload(m) == [k \in 1..Size(m) |-> <<m, k>>]

VARIABLES status,   \* [Msgs -> {"new", "accepted", "received", "finished", "refused"}]
          recv,     \* [Msgs -> Seq]: the bytes its receiver got (<<>> before)
          detach    \* "attached", "detaching" (begun, not returned), "detached"

vars == <<status, recv, detach>>

(* The messages whose transmission has not finished: their bytes are taken. *)
InBuffer == {m \in Msgs : status[m] \in {"accepted", "received"}}
RECURSIVE SumSizes(_)
SumSizes(S) == IF S = {} THEN 0 ELSE LET m == CHOOSE x \in S : TRUE IN Size(m) + SumSizes(S \ {m})
Used == SumSizes(InBuffer)
Fits(m) == Used + Size(m) <= Capacity

(* m is its thread's next bsend: every earlier one of its thread is decided. *)
Turn(m) == /\ status[m] = "new"
           /\ \A j \in 1..(m[2] - 1) : status[Msg(m[1], j)] # "new"

Init == /\ status = [m \in Msgs |-> "new"]
        /\ recv = [m \in Msgs |-> <<>>]
        /\ detach = "attached"

Accept(m) == /\ Turn(m)
             /\ detach = "attached"
             /\ Fits(m)
             /\ status' = [status EXCEPT ![m] = "accepted"]
             /\ UNCHANGED <<recv, detach>>

Refuse(m) == /\ Turn(m)
             /\ (detach # "attached" \/ ~Fits(m))
             /\ status' = [status EXCEPT ![m] = "refused"]
             /\ UNCHANGED <<recv, detach>>

Receive(m) == /\ status[m] = "accepted"
              /\ status' = [status EXCEPT ![m] = "received"]
              /\ recv' = [recv EXCEPT ![m] = Payload(m)]
              /\ UNCHANGED detach

Finish(m) == /\ status[m] = "received"
             /\ status' = [status EXCEPT ![m] = "finished"]
             /\ UNCHANGED <<recv, detach>>

BeginDetach == /\ detach = "attached"
               /\ detach' = "detaching"
               /\ UNCHANGED <<status, recv>>

EndDetach == /\ detach = "detaching"
             /\ InBuffer = {}
             /\ detach' = "detached"
             /\ UNCHANGED <<status, recv>>

Next == \/ \E m \in Msgs : Accept(m) \/ Refuse(m) \/ Receive(m) \/ Finish(m)
        \/ BeginDetach \/ EndDetach

(* No fairness on BeginDetach: the user may never detach, and no bsend may *)
(* wait for it.                                                            *)
Spec == /\ Init /\ [][Next]_vars
        /\ \A m \in Msgs : /\ WF_vars(Accept(m) \/ Refuse(m))
                           /\ WF_vars(Receive(m)) /\ WF_vars(Finish(m))
        /\ WF_vars(EndDetach)

--------------------------------------------------------------------------------
(* The promise's own properties, stated once; the algorithm's models check *)
(* them through the refinement mapping.                                    *)

(* The accepted messages fit in the buffer together.                       *)
NeverOverfull == Used <= Capacity

(* A received message is the message that was sent.                        *)
ContentIntact == \A m \in Msgs : status[m] \in {"received", "finished"} => recv[m] = Payload(m)

(* After the detach returned, no message is left in the buffer.            *)
DetachWaits == detach = "detached" => InBuffer = {}

(* A bsend is refused only while a detach runs or when it does not fit.    *)
RefusedOnlyWhenFull ==
    [][\A m \in Msgs : status[m] = "new" /\ status'[m] = "refused" => (detach # "attached" \/ ~Fits(m))]_vars

(* Every accepted message is received intact and its transmission ends.    *)
NoMessageLost == \A m \in Msgs : status[m] = "accepted" ~> (status[m] = "finished" /\ recv[m] = Payload(m))
================================================================================
