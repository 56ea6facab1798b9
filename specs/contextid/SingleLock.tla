------------------------------- MODULE SingleLock -------------------------------
(***************************************************************************)
(* Gropp & Thakur 2007, §5.1's single-threaded algorithm used by threads   *)
(* (Java: org.mpiverify.core.contextid.SingleThreadedContextIdAllocator):  *)
(* lock the process's mutex, allreduce the mask, take the lowest id,       *)
(* unlock. §5.2: "the threads on various processes may acquire locks in    *)
(* different order, causing the allreduce operation to hang because of a   *)
(* deadly embrace."                                                        *)
(***************************************************************************)
EXTENDS ContextIds

NoThread == "none"

VARIABLE lock    \* [Procs -> Threads \cup {NoThread}]  the mutex, held across the allreduce

vars == <<mask, pc, newId, inbox, offer, event, lock>>

Init == CommonInit("start") /\ lock = [p \in Procs |-> NoThread]

Enter(t) ==
    LET p == Pr[t] IN
    /\ pc[t] = "start"
    /\ Ready(t)
    /\ lock[p] = NoThread
    /\ lock' = [lock EXCEPT ![p] = t]
    /\ Send(t, Word(mask[p], TRUE))
    /\ pc' = [pc EXCEPT ![t] = "wait"]
    /\ event' = Ev(t, "locks p" \o ToString(p) \o ", offers " \o ToString(mask[p]) \o " holding the lock", PeerThreads(t))
    /\ UNCHANGED <<mask, newId>>

Finish(t) ==
    LET p == Pr[t]  w == Result(t) IN
    /\ pc[t] = "wait"
    /\ CanReceive(t)
    /\ Receive(t)
    /\ lock' = [lock EXCEPT ![p] = NoThread]
    /\ IF w.m # {}
         THEN LET id == PickId(p, w.m) IN
              /\ newId' = [newId EXCEPT ![t] = id]
              /\ TakeId(p, id)
              /\ pc' = [pc EXCEPT ![t] = "done"]
              /\ event' = Ev(t, "takes id " \o ToString(id) \o ", unlocks", {})
         ELSE /\ pc' = [pc EXCEPT ![t] = "failed"]
              /\ UNCHANGED <<newId, mask>>
              /\ event' = Ev(t, "out of context ids, unlocks", {})
    /\ UNCHANGED offer

Free(t) == FreeStep(t) /\ UNCHANGED lock

Terminated == AllReturned /\ UNCHANGED vars

ThreadStep(t) == Enter(t) \/ Finish(t)

Next == \/ \E t \in Threads : ThreadStep(t) \/ Free(t)
        \/ Terminated

Spec == Init /\ [][Next]_vars /\ \A t \in Threads : WF_vars(ThreadStep(t))

View == <<mask, pc, newId, inbox, offer, lock>>

(* The refinement of ContextIdPromise (mapping: ContextIds). A member looks *)
(* at its free ids when it offers its mask (holding the lock); nothing is  *)
(* set aside.                                                              *)
Promise == INSTANCE ContextIdPromise
    WITH st <- AbsSt, dec <- AbsDec, ret <- newId,
         look <- [t \in Threads |-> IF pc[t] = "wait" THEN offer[Cl[t]][Pr[t]].m ELSE Ids],
         aside <- [t \in Threads |-> {}], AsideMax <- 0, Prior <- PriorOf, Issued <- [t \in Threads |-> {}]
RefinesContextIdPromise == Promise!Spec

TypeOK == CommonTypeOK({"start", "wait"}) /\ lock \in [Procs -> Threads \cup {NoThread}]
=============================================================================
