----------------------------- MODULE BlockingLocks -----------------------------
(***************************************************************************)
(* Locking around blocking MPI calls.                                      *)
(*                                                                         *)
(* Paper: W. Gropp, R. Thakur, "Thread Safety in an MPI Implementation:    *)
(*   Requirements and Analysis" (2007), §4 and Fig. 2: on each of two      *)
(*   processes thread 0 calls MPI_Recv from the other process and thread 1 *)
(*   calls MPI_Send to it. "An implementation must ensure that this        *)
(*   example never deadlocks for any ordering of thread execution."        *)
(*                                                                         *)
(* Java: org.mpiverify.core.sync.CriticalSections with                     *)
(*   org.mpiverify.core.sync.Granularity:                                  *)
(*   "LOCK_AROUND_CALL" (experimental, unsafe): the process lock is taken  *)
(*     at call entry and released at return, also while Recv waits.        *)
(*     TLC must find the deadlock.                                         *)
(*   "GLOBAL": one process lock around every call, released before the     *)
(*     call blocks and retaken to finish (release before blocking).        *)
(*   "BRIEF_GLOBAL" and "PER_OBJECT" take the lock only around the queue   *)
(*     operations; at this level of abstraction they have the same steps   *)
(*     as GLOBAL (lock, look/post, unlock; wait unlocked), so GLOBAL's     *)
(*     model covers them. LOCK_FREE takes no lock.                         *)
(*                                                                         *)
(* Sends are eager: the message goes to the destination's queue and the    *)
(* call returns. Recv finds the message in its queue under the lock or     *)
(* waits for one.                                                          *)
(***************************************************************************)
EXTENDS Integers, FiniteSets, Sequences, TLC

CONSTANTS Granularity, Procs   \* Procs: two processes, e.g. {0, 1}
ASSUME Granularity \in {"LOCK_AROUND_CALL", "GLOBAL"}

Other(p) == CHOOSE q \in Procs : q # p
(* Thread "p<p>.t0" receives, "p<p>.t1" sends (Fig. 2). Threads are strings, *)
(* not pairs: TLC 2.18's simulator cannot check liveness over functions     *)
(* indexed by tuples (tlaplus/tlaplus#164).                                 *)
Th(p, r) == "p" \o ToString(p) \o ".t" \o ToString(r)
Threads == {Th(p, r) : p \in Procs, r \in {0, 1}}
Pr == [t \in Threads |-> CHOOSE p \in Procs : \E r \in {0, 1} : t = Th(p, r)]
Role == [t \in Threads |-> CHOOSE r \in {0, 1} : \E p \in Procs : t = Th(p, r)]
None == "none"

VARIABLES lock,   \* [Procs -> Threads \cup {None}]
          queue,  \* [Procs -> Nat] messages delivered to p, not yet received
          pc,     \* [Threads -> label]
          event

vars == <<lock, queue, pc, event>>

Lane(t) == t
Ev(who, what, peers) == [who |-> who, what |-> what, peers |-> peers]

Init == /\ lock = [p \in Procs |-> None]
        /\ queue = [p \in Procs |-> 0]
        /\ pc = [t \in Threads |-> "enter"]
        /\ event = Ev("", "init", {})

Acquire(t) == /\ lock[Pr[t]] = None
              /\ lock' = [lock EXCEPT ![Pr[t]] = t]

(* MPI_Send(to Other(p)): lock; deposit; unlock. *)
Send(t) == /\ Role[t] = 1
           /\ pc[t] = "enter"
           /\ Acquire(t)
           /\ pc' = [pc EXCEPT ![t] = "deposit"]
           /\ event' = Ev(Lane(t), "MPI_Send: lock", {})
           /\ UNCHANGED queue
Deposit(t) == /\ pc[t] = "deposit"
              /\ queue' = [queue EXCEPT ![Other(Pr[t])] = @ + 1]
              /\ lock' = [lock EXCEPT ![Pr[t]] = None]
              /\ pc' = [pc EXCEPT ![t] = "done"]
              /\ event' = Ev(Lane(t), "send message, unlock, return",
                             {Th(Other(Pr[t]), 0)})

(* MPI_Recv(from Other(p)). *)
RecvEnter(t) == /\ Role[t] = 0
                /\ pc[t] \in {"enter", "retry"}
                /\ Acquire(t)
                /\ pc' = [pc EXCEPT ![t] = "look"]
                /\ event' = Ev(Lane(t), "MPI_Recv: lock", {})
                /\ UNCHANGED queue
RecvLook(t) ==
    /\ pc[t] = "look"
    /\ IF queue[Pr[t]] > 0
         THEN /\ queue' = [queue EXCEPT ![Pr[t]] = @ - 1]
              /\ lock' = [lock EXCEPT ![Pr[t]] = None]
              /\ pc' = [pc EXCEPT ![t] = "done"]
              /\ event' = Ev(Lane(t), "message there: take it, unlock, return", {})
         ELSE IF Granularity = "LOCK_AROUND_CALL"
           THEN /\ pc' = [pc EXCEPT ![t] = "blocked"]      \* waits holding the lock
                /\ UNCHANGED <<queue, lock>>
                /\ event' = Ev(Lane(t), "no message: wait, HOLDING the lock", {})
           ELSE /\ pc' = [pc EXCEPT ![t] = "blocked"]      \* release before blocking
                /\ lock' = [lock EXCEPT ![Pr[t]] = None]
                /\ UNCHANGED queue
                /\ event' = Ev(Lane(t), "no message: unlock, wait", {})
(* The wait ends when a message has arrived; LOCK_AROUND_CALL still holds *)
(* the lock and takes the message, GLOBAL retakes the lock first.          *)
RecvWake(t) ==
    /\ pc[t] = "blocked"
    /\ queue[Pr[t]] > 0
    /\ IF Granularity = "LOCK_AROUND_CALL"
         THEN /\ queue' = [queue EXCEPT ![Pr[t]] = @ - 1]
              /\ lock' = [lock EXCEPT ![Pr[t]] = None]
              /\ pc' = [pc EXCEPT ![t] = "done"]
              /\ event' = Ev(Lane(t), "message arrives: take it, unlock, return", {})
         ELSE /\ pc' = [pc EXCEPT ![t] = "retry"]
              /\ UNCHANGED <<queue, lock>>
              /\ event' = Ev(Lane(t), "message arrives: wake", {})

Step(t) == Send(t) \/ Deposit(t) \/ RecvEnter(t) \/ RecvLook(t) \/ RecvWake(t)

AllDone == \A t \in Threads : pc[t] = "done"
Terminated == AllDone /\ UNCHANGED vars

Next == (\E t \in Threads : Step(t)) \/ Terminated

(* Fairness: WF per thread (a runnable thread eventually runs). Under      *)
(* GLOBAL a thread that waits for the lock sees it free continuously once  *)
(* the holder has moved on: the holder never waits while holding it, and  *)
(* the only thread that could retake it at once is the holder's partner,  *)
(* whose next step needs a message that has not come yet - so WF is       *)
(* enough and no SF is assumed.                                           *)
Spec == Init /\ [][Next]_vars /\ \A t \in Threads : WF_vars(Step(t))

View == <<lock, queue, pc>>

Termination == <>AllDone
=============================================================================
