--------------------------- MODULE BlockingCallPromise ---------------------------
(***************************************************************************)
(* What MPI promises the program of Gropp & Thakur 2007, Fig. 2, written   *)
(* from the standard (§2 of the paper) and not from any locking scheme:    *)
(* BlockingLocks.tla refines it (RefinesBlockingCallPromise).              *)
(*                                                                         *)
(* On each of two processes thread 0 calls MPI_Recv from the other process *)
(* and thread 1 calls MPI_Send to it.                                      *)
(*  - A send deposits its message during the call (eager: it then returns  *)
(*    without waiting for the receive); an arriving message goes to a      *)
(*    posted receive (Handoff) or waits for one (Deposit).                 *)
(*  - A receive returns only with a message that was sent to it (it gets   *)
(*    one: Take or Handoff, then returns): MessagesConserved.              *)
(*  - "Blocking MPI calls will block only the calling thread and will not  *)
(*    prevent other threads from running or executing MPI functions" (§2), *)
(*    and "an implementation must ensure that this example never deadlocks *)
(*    for any ordering of thread execution" (§4): every call returns       *)
(*    (Termination).                                                       *)
(***************************************************************************)
EXTENDS Naturals

CONSTANTS
    Procs,      \* two processes
    Threads,    \* a receiving and a sending thread on each
    Pr,         \* [Threads -> Procs]
    Role        \* [Threads -> {0, 1}]: 0 receives from the other process, 1 sends to it
(* Constants rather than definitions, so that TLC evaluates the instancing *)
(* spec's (cached) ones instead of these at every access.                  *)

Other(p) == CHOOSE q \in Procs : q # p
Receiver(p) == CHOOSE t \in Threads : Pr[t] = p /\ Role[t] = 0
Sender(p) == CHOOSE t \in Threads : Pr[t] = p /\ Role[t] = 1

VARIABLES
    st,      \* [Threads -> {"idle", "in", "got", "sent", "done"}]
    avail    \* [Procs -> Nat]  messages that arrived at p and no receive has got

vars == <<st, avail>>

Init == /\ st = [t \in Threads |-> "idle"]
        /\ avail = [p \in Procs |-> 0]

Enter(t) == /\ st[t] = "idle"
            /\ st' = [st EXCEPT ![t] = "in"]
            /\ UNCHANGED avail

(* A send's message arrives and waits for a receive ... *)
Deposit(t) == /\ Role[t] = 1 /\ st[t] = "in"
              /\ st' = [st EXCEPT ![t] = "sent"]
              /\ avail' = [avail EXCEPT ![Other(Pr[t])] = @ + 1]

(* ... or goes to the receive posted there. *)
Handoff(t) == LET r == Receiver(Other(Pr[t])) IN
              /\ Role[t] = 1 /\ st[t] = "in" /\ st[r] = "in"
              /\ st' = [st EXCEPT ![t] = "sent", ![r] = "got"]
              /\ UNCHANGED avail

(* A receive gets a message that has arrived. *)
Take(t) == /\ Role[t] = 0 /\ st[t] = "in"
           /\ avail[Pr[t]] > 0
           /\ st' = [st EXCEPT ![t] = "got"]
           /\ avail' = [avail EXCEPT ![Pr[t]] = @ - 1]

(* A call returns: a send once its message is out, a receive once it has one. *)
Return(t) == /\ st[t] \in {"sent", "got"}
             /\ st' = [st EXCEPT ![t] = "done"]
             /\ UNCHANGED avail

Next == \E t \in Threads : Enter(t) \/ Deposit(t) \/ Handoff(t) \/ Take(t) \/ Return(t)

Termination == <>(\A t \in Threads : st[t] = "done")

Spec == Init /\ [][Next]_vars /\ Termination

(* The promise's invariant: at each process, the messages that arrived are *)
(* those sent to it, each either got by its receive or still there.        *)
MessagesConserved ==
    \A p \in Procs :
        avail[p] + (IF st[Receiver(p)] \in {"got", "done"} THEN 1 ELSE 0)
            = (IF st[Sender(Other(p))] \in {"sent", "done"} THEN 1 ELSE 0)
=============================================================================
