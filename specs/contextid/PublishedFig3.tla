------------------------------ MODULE PublishedFig3 ------------------------------
(***************************************************************************)
(* Gropp & Thakur 2007, §5.3, Fig. 3 exactly as printed (Java:             *)
(* org.mpiverify.core.contextid.PublishedFig3ContextIdAllocator): the key  *)
(* is the input communicator's context id alone, and a thread retries      *)
(* while the AND is 0, which means both "somebody did not own the mask"    *)
(* and "no id is free on every member".                                    *)
(***************************************************************************)
EXTENDS ContextIds

Key(c) == Parent[c]
NoKey == 1000000                         \* the paper's MAXINT

VARIABLES
    inUse,   \* [Procs -> BOOLEAN] mask_in_use
    lowest   \* [Procs -> Int]     lowestContextId

vars == <<mask, pc, newId, inbox, offer, event, inUse, lowest>>

Init == /\ CommonInit("start")
        /\ inUse = [p \in Procs |-> FALSE]
        /\ lowest = [p \in Procs |-> NoKey]

(* i_own_the_mask: the word a thread sent in its round says whether it owned. *)
Own(t) == offer[Cl[t]][Pr[t]].o

(* First critical section; then the allreduce's send. *)
Enter(t) ==
    LET p == Pr[t]  k == Key(Cl[t]) IN
    /\ pc[t] = "start"
    /\ Ready(t)
    /\ IF inUse[p] \/ k > lowest[p]
         THEN /\ lowest' = IF k < lowest[p] THEN [lowest EXCEPT ![p] = k] ELSE lowest
              /\ Send(t, Word({}, FALSE))
              /\ UNCHANGED inUse
              /\ event' = Ev(t, "does not own the mask, lowest = " \o ToString(lowest'[p]), PeerThreads(t))
         ELSE /\ inUse' = [inUse EXCEPT ![p] = TRUE]
              /\ lowest' = [lowest EXCEPT ![p] = k]
              /\ Send(t, Word(mask[p], TRUE))
              /\ event' = Ev(t, "owns the mask, offers " \o ToString(mask[p]), PeerThreads(t))
    /\ pc' = [pc EXCEPT ![t] = "wait"]
    /\ UNCHANGED <<mask, newId>>

(* The allreduce returns; an owner runs the second critical section. *)
Finish(t) ==
    LET p == Pr[t]  k == Key(Cl[t])  w == Result(t) IN
    /\ pc[t] = "wait"
    /\ CanReceive(t)
    /\ Receive(t)
    /\ IF Own(t) /\ w.m # {}
         THEN LET id == PickId(p, w.m) IN
              /\ newId' = [newId EXCEPT ![t] = id]
              /\ TakeId(p, id)
              /\ inUse' = [inUse EXCEPT ![p] = FALSE]
              /\ lowest' = IF lowest[p] = k THEN [lowest EXCEPT ![p] = NoKey] ELSE lowest
              /\ pc' = [pc EXCEPT ![t] = "done"]
              /\ event' = Ev(t, "AND " \o ToString(w.m) \o ": takes id " \o ToString(id), {})
         ELSE /\ inUse' = IF Own(t) THEN [inUse EXCEPT ![p] = FALSE] ELSE inUse
              /\ pc' = [pc EXCEPT ![t] = "start"]
              /\ UNCHANGED <<newId, mask, lowest>>
              /\ event' = Ev(t, "AND 0: " \o (IF Own(t) THEN "releases the mask, " ELSE "") \o "retries", {})
    /\ UNCHANGED offer

Free(t) == FreeStep(t) /\ UNCHANGED <<inUse, lowest>>

Terminated == AllReturned /\ UNCHANGED vars

ThreadStep(t) == Enter(t) \/ Finish(t)

Next == \/ \E t \in Threads : ThreadStep(t) \/ Free(t)
        \/ Terminated

(* Fairness as in MultithreadedFig3: WF per thread, none on Free, no SF. *)
Spec == Init /\ [][Next]_vars /\ \A t \in Threads : WF_vars(ThreadStep(t))

View == <<mask, pc, newId, inbox, offer, inUse, lowest>>

(* The refinement of ContextIdPromise (mapping: ContextIds). Fig. 3 as     *)
(* printed never reports ERR_OTHER and sets nothing aside: no looks.       *)
Promise == INSTANCE ContextIdPromise
    WITH st <- AbsSt, dec <- AbsDec, ret <- newId, look <- [t \in Threads |-> Ids],
         aside <- [t \in Threads |-> {}], AsideMax <- 0, Prior <- PriorOf, Issued <- [t \in Threads |-> {}]
RefinesContextIdPromise == Promise!Spec

TypeOK ==
    /\ CommonTypeOK({"start", "wait"})
    /\ inUse \in [Procs -> BOOLEAN]
    /\ lowest \in [Procs -> {Key(c) : c \in Calls} \cup {NoKey}]
=============================================================================
