------------------------------- MODULE NaiveRetry -------------------------------
(***************************************************************************)
(* Gropp & Thakur 2007, §5.2's naive multithreaded algorithm (Java:        *)
(* org.mpiverify.core.contextid.NaiveRetryContextIdAllocator): read the    *)
(* mask under the lock, allreduce it, then under the lock reserve the      *)
(* lowest common id if the mask is unchanged since the read, allreduce the *)
(* reservations, and on failure undo every reservation and repeat. "Two    *)
(* competing threads could loop forever, with each thread invalidating the *)
(* other's choice of context value."                                       *)
(***************************************************************************)
EXTENDS ContextIds

VARIABLES
    snap,   \* [Threads -> SUBSET Ids]  the mask as read before allreduce #1
    cand    \* [Threads -> Ids \cup {0}] the candidate id of allreduce #1

vars == <<mask, pc, newId, inbox, offer, event, snap, cand>>

Init == /\ CommonInit("start")
        /\ snap = [t \in Threads |-> {}]
        /\ cand = [t \in Threads |-> 0]

(* Reservation held: the word of round #2 says whether this thread reserved. *)
Reserved(t) == offer[Cl[t]][Pr[t]].o

Snapshot(t) ==
    LET p == Pr[t] IN
    /\ pc[t] = "start"
    /\ Ready(t)
    /\ snap' = [snap EXCEPT ![t] = mask[p]]
    /\ Send(t, Word(mask[p], TRUE))
    /\ pc' = [pc EXCEPT ![t] = "wait1"]
    /\ event' = Ev(t, "reads the mask " \o ToString(mask[p]) \o ", allreduce #1", PeerThreads(t))
    /\ UNCHANGED <<mask, newId, cand>>

Reserve(t) ==
    LET p == Pr[t]  w == Result(t) IN
    /\ pc[t] = "wait1"
    /\ CanReceive(t)
    /\ IF w.m = {}
         THEN /\ Receive(t)
              /\ pc' = [pc EXCEPT ![t] = "failed"]   \* the same AND on every member
              /\ UNCHANGED <<mask, cand, offer>>
              /\ event' = Ev(t, "AND empty: out of context ids", {})
         ELSE LET id == PickId(p, w.m)
                  ok == mask[p] = snap[t]
              IN /\ cand' = [cand EXCEPT ![t] = id]
                 /\ mask' = IF ok THEN [mask EXCEPT ![p] = @ \ {id}] ELSE mask
                 /\ ReceiveThenSend(t, Word({}, ok))
                 /\ pc' = [pc EXCEPT ![t] = "wait2"]
                 /\ event' = Ev(t, IF ok THEN "reserves id " \o ToString(id) \o ", allreduce #2"
                                  ELSE "mask changed: cannot reserve " \o ToString(id) \o ", allreduce #2", PeerThreads(t))
    /\ UNCHANGED <<newId, snap>>

Decide(t) ==
    LET p == Pr[t]  w == Result(t) IN
    /\ pc[t] = "wait2"
    /\ CanReceive(t)
    /\ Receive(t)
    /\ IF w.o
         THEN /\ newId' = [newId EXCEPT ![t] = cand[t]]
              /\ pc' = [pc EXCEPT ![t] = "done"]
              /\ UNCHANGED mask
              /\ event' = Ev(t, "all reserved: accepts id " \o ToString(cand[t]), {})
         ELSE /\ mask' = IF Reserved(t) THEN [mask EXCEPT ![p] = @ \cup {cand[t]}] ELSE mask
              /\ pc' = [pc EXCEPT ![t] = "start"]
              /\ UNCHANGED newId
              /\ event' = Ev(t, "someone could not reserve: undo, retry", {})
    /\ UNCHANGED <<offer, snap, cand>>

Free(t) == FreeStep(t) /\ UNCHANGED <<snap, cand>>

Terminated == AllReturned /\ UNCHANGED vars

ThreadStep(t) == Snapshot(t) \/ Reserve(t) \/ Decide(t)

Next == \/ \E t \in Threads : ThreadStep(t) \/ Free(t)
        \/ Terminated

Spec == Init /\ [][Next]_vars /\ \A t \in Threads : WF_vars(ThreadStep(t))

View == <<mask, pc, newId, inbox, offer, snap, cand>>

(* The refinement of ContextIdPromise (mapping: ContextIds). A member looks *)
(* at its free ids when it reads the mask for allreduce #1; a reservation  *)
(* held during allreduce #2 is what its call sets aside (one id).          *)
Promise == INSTANCE ContextIdPromise
    WITH st <- AbsSt, dec <- AbsDec, ret <- newId,
         look <- [t \in Threads |-> IF pc[t] = "wait1" THEN snap[t] ELSE Ids],
         aside <- [t \in Threads |-> IF pc[t] = "wait2" /\ Reserved(t) THEN {cand[t]} ELSE {}],
         AsideMax <- 1, Prior <- PriorOf, Issued <- [t \in Threads |-> {}]
RefinesContextIdPromise == Promise!Spec

TypeOK ==
    /\ CommonTypeOK({"start", "wait1", "wait2"})
    /\ snap \in [Threads -> SUBSET Ids]
    /\ cand \in [Threads -> Ids \cup {0}]
=============================================================================
