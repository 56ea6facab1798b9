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
(*   org.mpiverify.core.sync.Granularity, as org.mpiverify.mpi.RankContext *)
(*   uses them around a call (enterCall, beforeBlocking, afterBlocking,    *)
(*   exitCall):                                                            *)
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
(* The steps are the Java's: Recv takes the lock, then posts its receive   *)
(* in the matching engine, which hands it an unexpected message at once if *)
(* one is there (one step: the engine's own lock); otherwise it releases   *)
(* the lock (GLOBAL) and waits on the receive's Completion: publish itself *)
(* as waiter, read done, park until unparked (ThreadWaitSignal, the spec   *)
(* of Completion's protocol, INSTANCE), leave; then it retakes the lock    *)
(* and returns, releasing it. Send takes its own process's lock, hands the *)
(* message to a posted receive (then sets its done flag, reads its waiter  *)
(* slot, unparks the waiter it read) or queues it as unexpected, and       *)
(* returns, releasing the lock. So the wake-up race the Java must handle   *)
(* (the signal between the receive's post and its park) is in the model.   *)
(* Spurious returns from park are left to Completion.tla.                  *)
(*                                                                         *)
(* Refines BlockingCallPromise (RefinesBlockingCallPromise), and states     *)
(* §4's rule NoLockWhileBlocked.                                           *)
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
Receiver(p) == Th(p, 0)
None == "none"

VARIABLES lock,    \* [Procs -> Threads \cup {None}]
          queue,   \* [Procs -> Nat]      unexpected messages at p
          posted,  \* [Procs -> BOOLEAN]  p's receive is posted and not matched
          pc,      \* [Threads -> label]
          flag,    \* [Procs -> BOOLEAN]  p's receive request is done (Completion.done)
          waiter,  \* [Procs -> BOOLEAN]  its waiter slot is taken
          bit,     \* [Threads -> BOOLEAN] LockSupport's permit
          event

vars == <<lock, queue, posted, pc, flag, waiter, bit, event>>

TW == INSTANCE ThreadWaitSignal

Lane(t) == t
Ev(who, what, peers) == [who |-> who, what |-> what, peers |-> peers]

Init == /\ lock = [p \in Procs |-> None]
        /\ queue = [p \in Procs |-> 0]
        /\ posted = [p \in Procs |-> FALSE]
        /\ pc = [t \in Threads |-> "enter"]
        /\ flag = [p \in Procs |-> FALSE]
        /\ waiter = [p \in Procs |-> FALSE]
        /\ bit = [t \in Threads |-> FALSE]
        /\ event = Ev("", "init", {})

Acquire(t) == /\ lock[Pr[t]] = None
              /\ lock' = [lock EXCEPT ![Pr[t]] = t]
Release(t) == lock' = [lock EXCEPT ![Pr[t]] = None]

(* ---- MPI_Send(to Other(p)) ---- *)
SendEnter(t) ==
    /\ Role[t] = 1 /\ pc[t] = "enter"
    /\ Acquire(t)
    /\ pc' = [pc EXCEPT ![t] = "deliver"]
    /\ event' = Ev(Lane(t), "MPI_Send: lock", {})
    /\ UNCHANGED <<queue, posted, flag, waiter, bit>>

(* The destination's matching engine: the posted receive takes the        *)
(* message (then its completion is signalled), or the message is queued.   *)
Deliver(t) ==
    LET q == Other(Pr[t]) IN
    /\ pc[t] = "deliver"
    /\ IF posted[q]
         THEN /\ posted' = [posted EXCEPT ![q] = FALSE]
              /\ pc' = [pc EXCEPT ![t] = "signal"]
              /\ UNCHANGED queue
              /\ event' = Ev(Lane(t), "message matches the posted receive", {Receiver(q)})
         ELSE /\ queue' = [queue EXCEPT ![q] = @ + 1]
              /\ pc' = [pc EXCEPT ![t] = "finish"]
              /\ UNCHANGED posted
              /\ event' = Ev(Lane(t), "no receive posted: message queued", {Receiver(q)})
    /\ UNCHANGED <<lock, flag, waiter, bit>>

(* Completion.signal() of the matched receive: done, read the slot, unpark. *)
SendSignal(t) ==
    /\ TW!Signal(t, Other(Pr[t]))
    /\ event' = Ev(Lane(t), "signal: done", {})
    /\ UNCHANGED <<lock, queue, posted>>
SendReadWaiter(t) ==
    /\ TW!ReadWaiter(t, Other(Pr[t]))
    /\ event' = Ev(Lane(t), IF waiter[Other(Pr[t])] THEN "reads the waiter" ELSE "no waiter", {})
    /\ UNCHANGED <<lock, queue, posted>>
SendUnpark(t) ==
    /\ TW!UnparkSeen(t, Receiver(Other(Pr[t])))
    /\ event' = Ev(Lane(t), "unpark", {Receiver(Other(Pr[t]))})
    /\ UNCHANGED <<lock, queue, posted>>

SendFinish(t) ==
    /\ Role[t] = 1 /\ pc[t] \in {"finish", "idle"}
    /\ Release(t)
    /\ pc' = [pc EXCEPT ![t] = "done"]
    /\ event' = Ev(Lane(t), "unlock, return", {})
    /\ UNCHANGED <<queue, posted, flag, waiter, bit>>

(* ---- MPI_Recv(from Other(p)) ---- *)
RecvEnter(t) ==
    /\ Role[t] = 0 /\ pc[t] = "enter"
    /\ Acquire(t)
    /\ pc' = [pc EXCEPT ![t] = "post"]
    /\ event' = Ev(Lane(t), "MPI_Recv: lock", {})
    /\ UNCHANGED <<queue, posted, flag, waiter, bit>>

(* The matching engine: take a queued message (the receive is done at     *)
(* once) or post the receive. Either way the call then waits for its       *)
(* receive (RankContext.await), which returns at once if it is done.       *)
RecvPost(t) ==
    LET p == Pr[t] IN
    /\ pc[t] = "post"
    /\ IF queue[p] > 0
         THEN /\ queue' = [queue EXCEPT ![p] = @ - 1]
              /\ flag' = [flag EXCEPT ![p] = TRUE]
              /\ pc' = [pc EXCEPT ![t] = "block"]
              /\ UNCHANGED posted
              /\ event' = Ev(Lane(t), "message there: take it (the receive is done)", {})
         ELSE /\ posted' = [posted EXCEPT ![p] = TRUE]
              /\ pc' = [pc EXCEPT ![t] = "block"]
              /\ UNCHANGED <<queue, flag>>
              /\ event' = Ev(Lane(t), "no message: post the receive", {})
    /\ UNCHANGED <<lock, waiter, bit>>

(* RankContext.await: done already, return; else beforeBlocking (GLOBAL   *)
(* releases the lock, LOCK_AROUND_CALL keeps it) and wait.                 *)
RecvBlock(t) ==
    /\ pc[t] = "block"
    /\ IF flag[Pr[t]]
         THEN /\ pc' = [pc EXCEPT ![t] = "finish"]
              /\ UNCHANGED lock
              /\ event' = Ev(Lane(t), "already done", {})
         ELSE /\ pc' = [pc EXCEPT ![t] = "wait"]
              /\ IF Granularity = "GLOBAL" THEN Release(t) ELSE UNCHANGED lock
              /\ event' = Ev(Lane(t), IF Granularity = "GLOBAL" THEN "unlock, wait" ELSE "wait, HOLDING the lock", {})
    /\ UNCHANGED <<queue, posted, flag, waiter, bit>>

(* Completion.await: the fast path, publish, read done, park, leave. *)
RecvPeek(t) ==
    /\ pc[t] = "wait"
    /\ flag[Pr[t]]
    /\ pc' = [pc EXCEPT ![t] = "relock"]
    /\ event' = Ev(Lane(t), "done: no wait", {})
    /\ UNCHANGED <<lock, queue, posted, flag, waiter, bit>>
RecvPublish(t) ==
    /\ TW!Publish(t, Pr[t])
    /\ event' = Ev(Lane(t), "publish waiter", {})
    /\ UNCHANGED <<lock, queue, posted>>
RecvCheck(t) ==
    /\ TW!Check(t, Pr[t], "leave")
    /\ event' = Ev(Lane(t), IF flag[Pr[t]] THEN "done" ELSE "not done: park", {})
    /\ UNCHANGED <<lock, queue, posted>>
RecvWake(t) ==
    /\ TW!Wake(t, "check")
    /\ event' = Ev(Lane(t), "unparked", {})
    /\ UNCHANGED <<lock, queue, posted>>
RecvLeave(t) ==
    /\ pc[t] = "leave"
    /\ waiter' = [waiter EXCEPT ![Pr[t]] = FALSE]
    /\ pc' = [pc EXCEPT ![t] = "relock"]
    /\ event' = Ev(Lane(t), "leave the waiter slot", {})
    /\ UNCHANGED <<lock, queue, posted, flag, bit>>

(* afterBlocking: GLOBAL retakes the lock; LOCK_AROUND_CALL still holds it. *)
RecvRelock(t) ==
    /\ pc[t] = "relock"
    /\ IF Granularity = "GLOBAL" THEN Acquire(t) ELSE UNCHANGED lock
    /\ pc' = [pc EXCEPT ![t] = "finish"]
    /\ event' = Ev(Lane(t), IF Granularity = "GLOBAL" THEN "lock again" ELSE "(holds the lock)", {})
    /\ UNCHANGED <<queue, posted, flag, waiter, bit>>

RecvFinish(t) ==
    /\ Role[t] = 0 /\ pc[t] = "finish"
    /\ Release(t)
    /\ pc' = [pc EXCEPT ![t] = "done"]
    /\ event' = Ev(Lane(t), "unlock, return", {})
    /\ UNCHANGED <<queue, posted, flag, waiter, bit>>

Step(t) == \/ SendEnter(t) \/ Deliver(t) \/ SendSignal(t) \/ SendReadWaiter(t) \/ SendUnpark(t) \/ SendFinish(t)
           \/ RecvEnter(t) \/ RecvPost(t) \/ RecvBlock(t) \/ RecvPeek(t) \/ RecvPublish(t) \/ RecvCheck(t)
           \/ RecvWake(t) \/ RecvLeave(t) \/ RecvRelock(t) \/ RecvFinish(t)

AllDone == \A t \in Threads : pc[t] = "done"
Terminated == AllDone /\ UNCHANGED vars

Next == (\E t \in Threads : Step(t)) \/ Terminated

(* Fairness: WF per thread (a runnable thread eventually runs; a parked    *)
(* one once its permit is set). Under GLOBAL a thread that waits for the   *)
(* lock sees it free continuously once the holder has moved on: no thread  *)
(* waits while holding it, and each thread takes it at most twice - so WF  *)
(* is enough and no SF is assumed.                                         *)
Spec == Init /\ [][Next]_vars /\ \A t \in Threads : WF_vars(Step(t))

View == <<lock, queue, posted, pc, flag, waiter, bit>>

(* §4: "a blocked function that holds a lock may prevent MPI functions on  *)
(* other threads from executing": no thread holds its process's lock while *)
(* it waits.                                                               *)
Waiting == {"wait", "check", "park", "leave"}
NoLockWhileBlocked == \A t \in Threads : pc[t] \in Waiting => lock[Pr[t]] # t

(* The refinement: a call has entered once it holds or has held the lock;  *)
(* a send has sent once it delivered; a receive has got its message once   *)
(* it is no longer posted (the engine or a send matched it).               *)
AbsSt == [t \in Threads |->
            IF pc[t] = "enter" THEN "idle"
            ELSE IF pc[t] = "done" THEN "done"
            ELSE IF Role[t] = 1 THEN (IF pc[t] = "deliver" THEN "in" ELSE "sent")
            ELSE IF pc[t] = "post" \/ posted[Pr[t]] THEN "in" ELSE "got"]
Promise == INSTANCE BlockingCallPromise WITH st <- AbsSt, avail <- queue
RefinesBlockingCallPromise == Promise!Spec
MessagesConserved == Promise!MessagesConserved
=============================================================================
