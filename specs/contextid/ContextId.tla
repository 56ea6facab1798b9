------------------------------ MODULE ContextId ------------------------------
(***************************************************************************)
(* Multithreaded context-id allocation.                                    *)
(*                                                                         *)
(* Paper: W. Gropp, R. Thakur, "Thread Safety in an MPI Implementation:    *)
(*   Requirements and Analysis" (2007), §5.1 (single-threaded allreduce of *)
(*   the bit mask), §5.2 (naive retry), §5.3 and Fig. 3 (mask_in_use,      *)
(*   lowestContextId).                                                     *)
(*                                                                         *)
(* Java, one class per Variant, all in org.mpiverify.core.contextid:       *)
(*   "impl"       MultithreadedContextIdAllocator    (what impl runs)      *)
(*   "keyed"      the same without its eager first round: the core's      *)
(*                allocator until 2026-11-22 (no Java class any more)     *)
(*   "published"  PublishedFig3ContextIdAllocator    (Fig. 3 verbatim)     *)
(*   "singlelock" SingleThreadedContextIdAllocator   (lock held across     *)
(*                                                    the allreduce)       *)
(*   "naive"      NaiveRetryContextIdAllocator       (§5.2)                *)
(*                                                                         *)
(* What is modelled. Processes Procs; communicator-creating calls Calls,   *)
(* each with a member set Members[c], an input context id Parent[c] and a  *)
(* tag Tag[c] (-1 for dup/split/create, >= 0 for MPI-3 createGroup, where  *)
(* several groups may be created from one parent at once). Every member    *)
(* process runs exactly one calling thread per call, so a thread is a pair *)
(* (p, c). Each process has the shared mask of free ids (InitMask[p]),     *)
(* mask_in_use and lowestContextId; every access to them happens under the *)
(* process's mutex, which we model by making each critical section one     *)
(* atomic step (only the "singlelock" variant holds the mutex across a     *)
(* blocking call, so only there is the mutex an explicit variable).        *)
(* The allreduce is a collective per call that completes only when every   *)
(* member has contributed; its result is the AND of the contributions.     *)
(* A finished thread may free its communicator (AllowFree), returning the  *)
(* id to its process's mask, so ids are reused.                            *)
(*                                                                         *)
(* Threads that run several calls in sequence. Before[c] is the set of     *)
(* calls that, on every process they share with c, the same thread runs    *)
(* before c: thread (p, c) starts only when (p, c') has returned for every *)
(* c' in Before[c] with p in Members[c']. MPI-3 createGroup lets a thread  *)
(* do this on overlapping groups; without Before every thread starts at    *)
(* once and the models cannot show the cycle below.                        *)
(*                                                                         *)
(* The eager first round ("impl"). Fig. 3 holds the mask during a blocking *)
(* allreduce. In a call's first round some members may not have entered    *)
(* the call yet (they are busy in earlier calls), so an owner can wait     *)
(* there indefinitely, holding the mask that those earlier calls need on   *)
(* its process: a cycle across processes ("keyed" with Before, model      *)
(* ctx_keyed_sequenced). The impl, like MPICH's eager context ids, uses in *)
(* the first round only a small segment of ids, EagerIds, with its own     *)
(* in-use flag, and does not touch lowestContextId there; a thread that    *)
(* cannot own the segment contributes nothing and goes on to the Fig. 3    *)
(* rounds, which use the other ids (and EagerIds too when the owner can    *)
(* claim them). After the first round every member is inside the call, so  *)
(* a later round's owner only waits for members that are looping rounds.   *)
(*                                                                         *)
(* The priority key. Fig. 3 compares MyComm->contextid only. The impl      *)
(* variant compares the pair (parentContext, tag) lexicographically; we    *)
(* encode the pair as the number Parent*100 + Tag + 1 (tags are in -1..98) *)
(* which orders exactly like the pair. The published variant uses          *)
(* Parent*100 for every tag, i.e. it ignores the tag.                      *)
(*                                                                         *)
(* Properties: Agreement (all members agree on the id, or all fail),       *)
(* UniqueLive (no process gives one id to two live communicators, and a    *)
(* live id is not in the free mask), Termination (every thread returns)    *)
(* and TLC's deadlock check.                                               *)
(***************************************************************************)
EXTENDS Integers, FiniteSets, Sequences, TLC

CONSTANTS
    Procs,      \* processes
    Calls,      \* communicator-creating calls
    Members,    \* [Calls -> SUBSET Procs]
    Parent,     \* [Calls -> Nat]  input communicator's context id
    Tag,        \* [Calls -> -1..98]
    Ids,        \* the id space (a small set of naturals)
    InitMask,   \* [Procs -> SUBSET Ids]  ids free on each process at start
    AllowFree,  \* BOOLEAN  may a thread free its new communicator?
    Variant,    \* "impl" | "keyed" | "published" | "singlelock" | "naive"
    Before,     \* [Calls -> SUBSET Calls]  run earlier by the same thread (see above)
    EagerIds    \* SUBSET Ids  the eager segment ("impl" only)

ASSUME Variant \in {"impl", "keyed", "published", "singlelock", "naive"}
ASSUME EagerIds \subseteq Ids
ASSUME \A c \in Calls : Members[c] \subseteq Procs /\ Members[c] # {}
ASSUME \A c \in Calls : Tag[c] \in -1..98

(* A thread is named "p/c" (a string, not a pair <<p, c>>: TLC 2.18's      *)
(* simulator cannot check liveness over functions indexed by tuples,       *)
(* tlaplus/tlaplus#164). Pr[t] and Cl[t] recover its process and call;     *)
(* both are constant-level, so TLC computes them once.                     *)
Th(p, c) == p \o "/" \o c
Threads == UNION {{Th(p, c) : p \in Members[c]} : c \in Calls}
Pr == [t \in Threads |-> CHOOSE p \in Procs : \E c \in Calls : t = Th(p, c)]
Cl == [t \in Threads |-> CHOOSE c \in Calls : \E p \in Procs : t = Th(p, c)]
NoThread == "none"
MaxKey == 1000000
None == [m |-> {}, o |-> FALSE, none |-> TRUE]   \* "no contribution yet"

Key(c) == IF Variant = "published" THEN Parent[c] * 100
                                   ELSE Parent[c] * 100 + Tag[c] + 1

Min(S) == CHOOSE x \in S : \A y \in S : x <= y

Lane(t) == t


VARIABLES
    mask,     \* [Procs -> SUBSET Ids]   free ids (bit set = free)
    inUse,    \* [Procs -> BOOLEAN]      mask_in_use
    lowest,   \* [Procs -> Int]          lowestContextId (as a key)
    lock,     \* [Procs -> Threads \cup {NoThread}] held across the allreduce ("singlelock" only)
    pc,       \* [Threads -> phase]
    own,      \* [Threads -> BOOLEAN]    i_own_the_mask (naive: "my reservation held")
    cand,     \* [Threads -> Ids \cup {0}] naive: the candidate of the first allreduce
    res,      \* [Threads -> word]       result of the last allreduce
    newId,    \* [Threads -> Ids \cup {0}] the id returned
    contrib,  \* [Calls -> [Procs -> word]] contributions to the allreduce in progress
    event,    \* history variable for readable traces: who did what (no effect on behaviour)
    snap,     \* [Threads -> SUBSET Ids] naive: the snapshot taken before allreduce #1
    eagerInUse, \* [Procs -> BOOLEAN]   impl: some thread holds the eager segment
    ownE      \* [Threads -> BOOLEAN]    impl: this thread holds its process's eager segment

(* Thread t may start: its process has returned from every earlier call of t's thread. *)
Ready(t) == \A c2 \in Before[Cl[t]] : Pr[t] \in Members[c2] =>
                pc[Th(Pr[t], c2)] \in {"done", "failed", "freed"}

vars == <<mask, inUse, lowest, lock, pc, own, cand, res, newId, contrib, event, eagerInUse, ownE>>

Word(m, o) == [m |-> m, o |-> o, none |-> FALSE]

Ev(who, what, peers) == [who |-> who, what |-> what, peers |-> peers]

Init ==
    /\ mask = InitMask
    /\ inUse = [p \in Procs |-> FALSE]
    /\ lowest = [p \in Procs |-> MaxKey]
    /\ lock = [p \in Procs |-> NoThread]
    /\ pc = [t \in Threads |-> IF Variant = "impl" THEN "begin" ELSE "start"]
    /\ own = [t \in Threads |-> FALSE]
    /\ cand = [t \in Threads |-> 0]
    /\ res = [t \in Threads |-> None]
    /\ newId = [t \in Threads |-> 0]
    /\ contrib = [c \in Calls |-> [p \in Procs |-> None]]
    /\ event = Ev("", "init", {})
    /\ eagerInUse = [p \in Procs |-> FALSE]
    /\ ownE = [t \in Threads |-> FALSE]

Contribute(t, w) == contrib' = [contrib EXCEPT ![Cl[t]][Pr[t]] = w]

(* ---------------- Fig. 3 and the impl variant: first critical section -- *)
(* lock; decide whether to own the mask; unlock; enter the allreduce. The  *)
(* contribution is a local send, so joining it to the unlock loses no      *)
(* interleaving another thread could observe.                              *)
Enter(t) ==
    LET p == Pr[t]  k == Key(Cl[t])
        claimE == Variant = "impl" /\ ~eagerInUse[p]      \* the owner also takes the eager segment
        offer  == IF Variant = "impl" /\ ~claimE THEN mask[p] \ EagerIds ELSE mask[p]
    IN
    /\ Variant \in {"impl", "keyed", "published"}
    /\ pc[t] = "start"
    /\ Ready(t)
    /\ IF inUse[p] \/ k > lowest[p]
         THEN /\ own' = [own EXCEPT ![t] = FALSE]
              /\ lowest' = IF k < lowest[p] THEN [lowest EXCEPT ![p] = k] ELSE lowest
              /\ UNCHANGED <<inUse, eagerInUse, ownE>>
              /\ Contribute(t, Word({}, FALSE))
              /\ event' = Ev(Lane(t), "enter: no mask, lowest=" \o ToString(lowest'[p]), {})
         ELSE /\ own' = [own EXCEPT ![t] = TRUE]
              /\ inUse' = [inUse EXCEPT ![p] = TRUE]
              /\ lowest' = [lowest EXCEPT ![p] = k]
              /\ eagerInUse' = IF claimE THEN [eagerInUse EXCEPT ![p] = TRUE] ELSE eagerInUse
              /\ ownE' = [ownE EXCEPT ![t] = claimE]
              /\ Contribute(t, Word(offer, TRUE))
              /\ event' = Ev(Lane(t), "enter: owns mask " \o ToString(offer), {})
    /\ pc' = [pc EXCEPT ![t] = "wait"]
    /\ UNCHANGED <<mask, lock, cand, res, newId>>

(* ---------------- impl: the eager first round ---------------------------- *)
(* Owns only the eager segment (if no other thread holds it), never waits  *)
(* for it and leaves lowestContextId alone: an owner here may wait for     *)
(* members that have not entered the call yet, and nothing else on its     *)
(* process may depend on it while it does.                                 *)
EnterEager(t) ==
    LET p == Pr[t] IN
    /\ Variant = "impl"
    /\ pc[t] = "begin"
    /\ Ready(t)
    /\ IF eagerInUse[p]
         THEN /\ Contribute(t, Word({}, FALSE))
              /\ UNCHANGED <<eagerInUse, ownE>>
              /\ event' = Ev(Lane(t), "eager round: segment busy", {})
         ELSE /\ Contribute(t, Word(mask[p] \cap EagerIds, TRUE))
              /\ eagerInUse' = [eagerInUse EXCEPT ![p] = TRUE]
              /\ ownE' = [ownE EXCEPT ![t] = TRUE]
              /\ event' = Ev(Lane(t), "eager round: owns " \o ToString(mask[p] \cap EagerIds), {})
    /\ pc' = [pc EXCEPT ![t] = "wait0"]
    /\ UNCHANGED <<mask, inUse, lowest, lock, own, cand, res, newId>>

(* Every member sees the same word: all take the lowest common eager id, or *)
(* all go on to the Fig. 3 rounds (never an error here).                     *)
FinishEager(t) ==
    LET p == Pr[t] IN
    /\ Variant = "impl"
    /\ pc[t] = "got0"
    /\ eagerInUse' = IF ownE[t] THEN [eagerInUse EXCEPT ![p] = FALSE] ELSE eagerInUse
    /\ ownE' = [ownE EXCEPT ![t] = FALSE]
    /\ IF res[t].o /\ res[t].m # {}
         THEN LET id == Min(res[t].m) IN
              /\ newId' = [newId EXCEPT ![t] = id]
              /\ mask' = [mask EXCEPT ![p] = @ \ {id}]
              /\ pc' = [pc EXCEPT ![t] = "done"]
              /\ event' = Ev(Lane(t), "eager round: takes id " \o ToString(id), {})
         ELSE /\ pc' = [pc EXCEPT ![t] = "start"]
              /\ UNCHANGED <<newId, mask>>
              /\ event' = Ev(Lane(t), "eager round failed: Fig. 3 rounds", {})
    /\ UNCHANGED <<inUse, lowest, lock, own, cand, res, contrib>>

(* ---------------- the allreduce of call c completes --------------------- *)
(* Collective: enabled only when every member has contributed. Every member *)
(* gets the same AND of the words (mask part: intersection; "everyone       *)
(* owned" part: conjunction).                                               *)
Complete(c) ==
    LET ms == Members[c]
        ts == {Th(p, c) : p \in ms}
        w  == Word({i \in Ids : \A p \in ms : i \in contrib[c][p].m}, \A p \in ms : contrib[c][p].o)
    IN
    /\ \A p \in ms : ~contrib[c][p].none
    /\ res' = [t \in Threads |-> IF t \in ts THEN w ELSE res[t]]
    /\ pc' = [t \in Threads |-> IF t \in ts
                                  THEN CASE pc[t] = "wait"  -> "got"
                                         [] pc[t] = "wait0" -> "got0"
                                         [] pc[t] = "wait1" -> "got1"
                                         [] pc[t] = "wait2" -> "got2"
                                  ELSE pc[t]]
    /\ contrib' = [contrib EXCEPT ![c] = [p \in Procs |-> None]]
    /\ event' = Ev(c, IF Variant = "naive" /\ \E p \in ms : pc[Th(p, c)] = "wait2"
                        THEN "allreduce #2 " \o c \o (IF w.o THEN ": all reserved" ELSE ": not all reserved")
                        ELSE "allreduce " \o c \o " = " \o ToString(w.m)
                             \o (IF w.o /\ Variant # "naive" THEN " (everyone owned)" ELSE ""),
                   {Th(p, c) : p \in ms})
    /\ UNCHANGED <<mask, inUse, lowest, lock, own, cand, newId, eagerInUse, ownE>>

(* ---------------- Fig. 3 second critical section (published) ----------- *)
FinishPublished(t) ==
    LET p == Pr[t]  k == Key(Cl[t]) IN
    /\ Variant = "published"
    /\ pc[t] = "got"
    /\ IF own[t]
         THEN /\ inUse' = [inUse EXCEPT ![p] = FALSE]
              /\ IF res[t].m # {}
                   THEN LET id == Min(res[t].m) IN
                        /\ newId' = [newId EXCEPT ![t] = id]
                        /\ mask' = [mask EXCEPT ![p] = @ \ {id}]
                        /\ lowest' = IF lowest[p] = k THEN [lowest EXCEPT ![p] = MaxKey] ELSE lowest
                        /\ pc' = [pc EXCEPT ![t] = "done"]
                        /\ event' = Ev(Lane(t), "takes id " \o ToString(id), {})
                   ELSE /\ pc' = [pc EXCEPT ![t] = "start"]
                        /\ UNCHANGED <<newId, mask, lowest>>
                        /\ event' = Ev(Lane(t), "result 0: releases mask, retries", {})
         ELSE /\ pc' = [pc EXCEPT ![t] = "start"]
              /\ UNCHANGED <<newId, mask, lowest, inUse>>
              /\ event' = Ev(Lane(t), "retries", {})
    /\ UNCHANGED <<lock, own, cand, res, contrib, eagerInUse, ownE>>

(* ---------------- impl: second critical section with the extra word ---- *)
FinishImpl(t) ==
    LET p == Pr[t]  k == Key(Cl[t]) IN
    /\ Variant \in {"impl", "keyed"}
    /\ pc[t] = "got"
    /\ eagerInUse' = IF ownE[t] THEN [eagerInUse EXCEPT ![p] = FALSE] ELSE eagerInUse
    /\ ownE' = [ownE EXCEPT ![t] = FALSE]
    /\ IF own[t]
         THEN /\ inUse' = [inUse EXCEPT ![p] = FALSE]
              /\ IF res[t].o
                   THEN /\ lowest' = IF lowest[p] = k THEN [lowest EXCEPT ![p] = MaxKey] ELSE lowest
                        /\ IF res[t].m # {}
                             THEN LET id == Min(res[t].m) IN
                                  /\ newId' = [newId EXCEPT ![t] = id]
                                  /\ mask' = [mask EXCEPT ![p] = @ \ {id}]
                                  /\ pc' = [pc EXCEPT ![t] = "done"]
                                  /\ event' = Ev(Lane(t), "takes id " \o ToString(id), {})
                             ELSE /\ pc' = [pc EXCEPT ![t] = "failed"]
                                  /\ UNCHANGED <<newId, mask>>
                                  /\ event' = Ev(Lane(t), "out of context ids (ERR_OTHER)", {})
                   ELSE /\ pc' = [pc EXCEPT ![t] = "start"]
                        /\ UNCHANGED <<newId, mask, lowest>>
                        /\ event' = Ev(Lane(t), "not all owned: releases mask, retries", {})
         ELSE \* a non-owner contributed own=0, so "everyone owned" is false: retry
              /\ pc' = [pc EXCEPT ![t] = "start"]
              /\ UNCHANGED <<newId, mask, lowest, inUse>>
              /\ event' = Ev(Lane(t), "retries", {})
    /\ UNCHANGED <<lock, own, cand, res, contrib>>

(* ---------------- §5.1 used with threads: lock held across allreduce --- *)
EnterLocked(t) ==
    LET p == Pr[t] IN
    /\ Variant = "singlelock"
    /\ pc[t] = "start"
    /\ Ready(t)
    /\ lock[p] = NoThread
    /\ lock' = [lock EXCEPT ![p] = t]
    /\ Contribute(t, Word(mask[p], TRUE))
    /\ pc' = [pc EXCEPT ![t] = "wait"]
    /\ event' = Ev(Lane(t), "locks " \o p \o ", enters allreduce holding it", {})
    /\ UNCHANGED <<mask, inUse, lowest, own, cand, res, newId, eagerInUse, ownE>>

FinishLocked(t) ==
    LET p == Pr[t] IN
    /\ Variant = "singlelock"
    /\ pc[t] = "got"
    /\ lock' = [lock EXCEPT ![p] = NoThread]
    /\ IF res[t].m # {}
         THEN LET id == Min(res[t].m) IN
              /\ newId' = [newId EXCEPT ![t] = id]
              /\ mask' = [mask EXCEPT ![p] = @ \ {id}]
              /\ pc' = [pc EXCEPT ![t] = "done"]
              /\ event' = Ev(Lane(t), "takes id " \o ToString(id) \o ", unlocks", {})
         ELSE /\ pc' = [pc EXCEPT ![t] = "failed"]
              /\ UNCHANGED <<newId, mask>>
              /\ event' = Ev(Lane(t), "out of context ids, unlocks", {})
    /\ UNCHANGED <<inUse, lowest, own, cand, res, contrib, eagerInUse, ownE>>

(* ---------------- §5.2 naive retry -------------------------------------- *)
(* lock; snapshot the mask; unlock; allreduce #1 proposes the lowest common *)
(* free id. Then under the lock the thread reserves that id if its          *)
(* process's mask is still the snapshot ("the bit vector has not been       *)
(* changed by another thread"); allreduce #2 ANDs the reservations; on      *)
(* failure every reservation is undone and the whole thing repeats.         *)
NaiveSnap(t) ==
    LET p == Pr[t] IN
    /\ Variant = "naive"
    /\ pc[t] = "start"
    /\ Ready(t)
    /\ Contribute(t, Word(mask[p], TRUE))
    /\ pc' = [pc EXCEPT ![t] = "wait1"]
    /\ event' = Ev(Lane(t), "snapshots mask " \o ToString(mask[p]), {})
    /\ UNCHANGED <<mask, inUse, lowest, lock, own, cand, res, newId, eagerInUse, ownE>>

NaiveReserve(t) ==
    LET p == Pr[t] IN
    /\ Variant = "naive"
    /\ pc[t] = "got1"
    /\ IF res[t].m = {}
         THEN /\ pc' = [pc EXCEPT ![t] = "failed"]   \* same result on every member
              /\ UNCHANGED <<mask, own, cand, contrib>>
              /\ event' = Ev(Lane(t), "out of context ids", {})
         ELSE LET id == Min(res[t].m)
                  ok == mask[p] = snap[t]
              IN /\ cand' = [cand EXCEPT ![t] = id]
                 /\ own' = [own EXCEPT ![t] = ok]
                 /\ mask' = IF ok THEN [mask EXCEPT ![p] = @ \ {id}] ELSE mask
                 /\ Contribute(t, Word({}, ok))
                 /\ pc' = [pc EXCEPT ![t] = "wait2"]
                 /\ event' = Ev(Lane(t), IF ok THEN "reserves id " \o ToString(id)
                                               ELSE "mask changed: cannot reserve " \o ToString(id), {})
    /\ UNCHANGED <<inUse, lowest, lock, res, newId, eagerInUse, ownE>>

NaiveDecide(t) ==
    LET p == Pr[t] IN
    /\ Variant = "naive"
    /\ pc[t] = "got2"
    /\ IF res[t].o
         THEN /\ newId' = [newId EXCEPT ![t] = cand[t]]
              /\ pc' = [pc EXCEPT ![t] = "done"]
              /\ UNCHANGED mask
              /\ event' = Ev(Lane(t), "accepts id " \o ToString(cand[t]), {})
         ELSE /\ mask' = IF own[t] THEN [mask EXCEPT ![p] = @ \cup {cand[t]}] ELSE mask
              /\ pc' = [pc EXCEPT ![t] = "start"]
              /\ UNCHANGED newId
              /\ event' = Ev(Lane(t), "someone could not reserve: undo, retry", {})
    /\ UNCHANGED <<inUse, lowest, lock, own, cand, res, contrib, eagerInUse, ownE>>

(* ---------------- freeing a communicator --------------------------------- *)
Free(t) ==
    /\ AllowFree
    /\ pc[t] = "done"
    /\ mask' = [mask EXCEPT ![Pr[t]] = @ \cup {newId[t]}]
    /\ pc' = [pc EXCEPT ![t] = "freed"]
    /\ event' = Ev(Lane(t), "frees id " \o ToString(newId[t]), {})
    /\ UNCHANGED <<inUse, lowest, lock, own, cand, res, newId, contrib, eagerInUse, ownE>>

Finished(t) == pc[t] \in {"done", "failed", "freed"}

(* All threads have returned: the system stutters (not a deadlock). *)
Terminated == /\ \A t \in Threads : pc[t] \in {"failed", "freed"} \/ (pc[t] = "done" /\ ~AllowFree)
              /\ UNCHANGED <<vars, snap>>

ThreadStep(t) ==
    \/ EnterEager(t) /\ UNCHANGED snap
    \/ FinishEager(t) /\ UNCHANGED snap
    \/ Enter(t) /\ UNCHANGED snap
    \/ FinishPublished(t) /\ UNCHANGED snap
    \/ FinishImpl(t) /\ UNCHANGED snap
    \/ EnterLocked(t) /\ UNCHANGED snap
    \/ FinishLocked(t) /\ UNCHANGED snap
    \/ NaiveSnap(t) /\ snap' = [snap EXCEPT ![t] = mask[Pr[t]]]
    \/ NaiveReserve(t) /\ UNCHANGED snap
    \/ NaiveDecide(t) /\ UNCHANGED snap

Next ==
    \/ \E t \in Threads : ThreadStep(t)
    \/ \E t \in Threads : Free(t) /\ UNCHANGED snap
    \/ \E c \in Calls : Complete(c) /\ UNCHANGED snap
    \/ Terminated

allVars == <<vars, snap>>

(* Fairness. WF on every thread's steps: an operating-system scheduler     *)
(* eventually runs a runnable thread, and none of these steps can be       *)
(* disabled by another thread except by the mutex, which is never held     *)
(* across a blocking call outside "singlelock" (there the result is a      *)
(* deadlock, found by the deadlock check before any liveness argument).    *)
(* WF on Complete(c): MPI's progress rule - once every member has          *)
(* contributed, the allreduce completes. No fairness on Free: a program    *)
(* may keep its communicator forever. No strong fairness is needed, and   *)
(* none is assumed, so a livelock TLC reports is one a fair scheduler can  *)
(* really produce.                                                         *)
Fairness ==
    /\ \A t \in Threads : WF_allVars(ThreadStep(t))
    /\ \A c \in Calls : WF_allVars(Complete(c) /\ UNCHANGED snap)

InitAll == Init /\ snap = [t \in Threads |-> {}]

Spec == InitAll /\ [][Next]_allVars /\ Fairness

(* TLC's VIEW: states that differ only in the history variable event are   *)
(* one state (event records how a state was reached, not what it is).      *)
View == <<mask, inUse, lowest, lock, pc, own, cand, res, newId, contrib, snap, eagerInUse, ownE>>

-----------------------------------------------------------------------------
TypeOK ==
    /\ mask \in [Procs -> SUBSET Ids]
    /\ inUse \in [Procs -> BOOLEAN]
    /\ pc \in [Threads -> {"begin", "start", "wait", "got", "wait0", "got0", "wait1", "got1", "wait2",
                           "got2", "done", "failed", "freed"}]
    /\ eagerInUse \in [Procs -> BOOLEAN]
    /\ newId \in [Threads -> Ids \cup {0}]

(* All members of a new communicator agree on its id, or all fail. *)
Agreement ==
    \A t1, t2 \in Threads :
        Cl[t1] = Cl[t2] =>
            /\ (pc[t1] \in {"done", "freed"} /\ pc[t2] \in {"done", "freed"}) => newId[t1] = newId[t2]
            /\ ~(pc[t1] \in {"done", "freed"} /\ pc[t2] = "failed")

(* No process gives one id to two live communicators, and a live id is not free. *)
UniqueLive ==
    \A t1, t2 \in Threads :
        /\ (Pr[t1] = Pr[t2] /\ t1 # t2 /\ pc[t1] = "done" /\ pc[t2] = "done") => newId[t1] # newId[t2]
        /\ pc[t1] = "done" => newId[t1] \notin mask[Pr[t1]]

(* Every thread eventually returns (with an id or with ERR_OTHER). *)
Termination == \A t \in Threads : <>Finished(t)
=============================================================================
