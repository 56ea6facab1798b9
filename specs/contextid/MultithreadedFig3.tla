--------------------------- MODULE MultithreadedFig3 ---------------------------
(***************************************************************************)
(* The context-id algorithm the core runs: Gropp & Thakur 2007, §5.3,      *)
(* Fig. 3, with three changes (Java: org.mpiverify.core.contextid.         *)
(* MultithreadedContextIdAllocator).                                       *)
(*                                                                         *)
(* 1. The priority key is (parentContext, tag), compared lexicographically *)
(*    and encoded here as Parent * 100 + Tag + 1 (tags are in -1..98),     *)
(*    so concurrent createGroup calls on one parent are ordered.           *)
(* 2. The allreduce carries the ownership bit: after it, a member knows    *)
(*    whether every member owned its mask; then an empty AND means "out of *)
(*    ids" (ERR_OTHER on every member), not "retry".                       *)
(* 3. An eager first round, as MPICH's eager context ids: it offers only   *)
(*    the eager segment EagerIds, with its own in-use flag, never makes a  *)
(*    thread wait for the segment and never touches lowestContextId. Fig.  *)
(*    3 holds the mask during a blocking allreduce, and in a call's first  *)
(*    round some members may still be busy in earlier calls: an owner      *)
(*    would wait for them holding the mask those calls need on its process *)
(*    (the cycle of the mutant KeyedFirstPc, model ctx_keyed_sequenced).   *)
(*    Fig. 3's rounds follow on the other ids, plus the eager segment      *)
(*    whenever their owner can claim it.                                   *)
(*                                                                         *)
(* EagerCount is the Java's eagerIds: the segment is ids                   *)
(* 2..1+EagerCount. The Java's default for a capacity is                   *)
(* JavaDefaultEagerCount; an allocator built with an explicit count        *)
(* (MultithreadedContextIdAllocator(capacity, eagerIds, countStats))       *)
(* matches a model with that count (ContextIdPairingTest checks every      *)
(* model's pair).                                                          *)
(***************************************************************************)
EXTENDS ContextIds

CONSTANT EagerCount
ASSUME EagerCount \in 0..64

EagerIds == FirstId..(FirstId + EagerCount - 1)
JavaDefaultEagerCount(capacity) == Min({64, (capacity - 2) \div 4})

Key(c) == Parent[c] * 100 + Tag[c] + 1
NoKey == 1000000                         \* the paper's MAXINT

VARIABLES
    inUse,       \* [Procs -> BOOLEAN]   mask_in_use
    lowest,      \* [Procs -> Int]       lowestContextId, as a key
    eagerInUse,  \* [Procs -> BOOLEAN]   some thread holds the eager segment
    ownE         \* [Threads -> BOOLEAN] this thread holds its process's eager segment

vars == <<mask, pc, newId, inbox, offer, event, inUse, lowest, eagerInUse, ownE>>

(* Where a thread starts: the eager round. *)
FirstPc == "begin"

Init == /\ CommonInit(FirstPc)
        /\ inUse = [p \in Procs |-> FALSE]
        /\ lowest = [p \in Procs |-> NoKey]
        /\ eagerInUse = [p \in Procs |-> FALSE]
        /\ ownE = [t \in Threads |-> FALSE]

Own(t) == offer[Cl[t]][Pr[t]].o

(* The eager round: own the segment if nobody holds it, else offer nothing. *)
EnterEager(t) ==
    LET p == Pr[t] IN
    /\ pc[t] = "begin"
    /\ Ready(t)
    /\ IF eagerInUse[p]
         THEN /\ Send(t, Word({}, FALSE))
              /\ UNCHANGED <<eagerInUse, ownE>>
              /\ event' = Ev(t, "eager round: segment busy, offers nothing", PeerThreads(t))
         ELSE /\ Send(t, Word(mask[p] \cap EagerIds, TRUE))
              /\ eagerInUse' = [eagerInUse EXCEPT ![p] = TRUE]
              /\ ownE' = [ownE EXCEPT ![t] = TRUE]
              /\ event' = Ev(t, "eager round: offers " \o ToString(mask[p] \cap EagerIds), PeerThreads(t))
    /\ pc' = [pc EXCEPT ![t] = "wait0"]
    /\ UNCHANGED <<mask, newId, inUse, lowest>>

(* Every member sees the same AND: all take its lowest id, or all go on to Fig. 3's rounds. *)
FinishEager(t) ==
    LET p == Pr[t]  w == Result(t) IN
    /\ pc[t] = "wait0"
    /\ CanReceive(t)
    /\ Receive(t)
    /\ eagerInUse' = IF ownE[t] THEN [eagerInUse EXCEPT ![p] = FALSE] ELSE eagerInUse
    /\ ownE' = [ownE EXCEPT ![t] = FALSE]
    /\ IF w.o /\ w.m # {}
         THEN LET id == PickId(p, w.m) IN
              /\ newId' = [newId EXCEPT ![t] = id]
              /\ TakeId(p, id)
              /\ pc' = [pc EXCEPT ![t] = "done"]
              /\ event' = Ev(t, "eager round: AND " \o ToString(w.m) \o ", takes id " \o ToString(id), {})
         ELSE /\ pc' = [pc EXCEPT ![t] = "start"]
              /\ UNCHANGED <<newId, mask>>
              /\ event' = Ev(t, "eager round: AND " \o ToString(w.m) \o (IF w.o THEN "" ELSE " (not all owned)")
                                 \o ", goes on to Fig. 3", {})
    /\ UNCHANGED <<offer, inUse, lowest>>

(* Fig. 3, first critical section: own the mask unless it is in use or a  *)
(* lower key waits; an owner also claims the eager segment if it is free,  *)
(* else offers its mask without the segment.                               *)
Enter(t) ==
    LET p == Pr[t]  k == Key(Cl[t])
        claimE == ~eagerInUse[p]
        offered == IF claimE THEN mask[p] ELSE mask[p] \ EagerIds
    IN
    /\ pc[t] = "start"
    /\ Ready(t)
    /\ IF inUse[p] \/ k > lowest[p]
         THEN /\ lowest' = IF k < lowest[p] THEN [lowest EXCEPT ![p] = k] ELSE lowest
              /\ Send(t, Word({}, FALSE))
              /\ UNCHANGED <<inUse, eagerInUse, ownE>>
              /\ event' = Ev(t, "Fig. 3: does not own the mask, lowest = " \o ToString(lowest'[p]), PeerThreads(t))
         ELSE /\ inUse' = [inUse EXCEPT ![p] = TRUE]
              /\ lowest' = [lowest EXCEPT ![p] = k]
              /\ eagerInUse' = IF claimE THEN [eagerInUse EXCEPT ![p] = TRUE] ELSE eagerInUse
              /\ ownE' = [ownE EXCEPT ![t] = claimE]
              /\ Send(t, Word(offered, TRUE))
              /\ event' = Ev(t, "Fig. 3: owns the mask, offers " \o ToString(offered), PeerThreads(t))
    /\ pc' = [pc EXCEPT ![t] = "wait"]
    /\ UNCHANGED <<mask, newId>>

(* When a round ends in ERR_OTHER: every member owned and the AND is empty. *)
RoundFails(w) == w.o /\ w.m = {}

(* Fig. 3, second critical section, with the ownership bit. Every member   *)
(* decides the same: only when every member owned is w.o true.             *)
FinishRound(t) ==
    LET p == Pr[t]  k == Key(Cl[t])  w == Result(t)  own == Own(t) IN
    /\ pc[t] = "wait"
    /\ CanReceive(t)
    /\ Receive(t)
    /\ eagerInUse' = IF ownE[t] THEN [eagerInUse EXCEPT ![p] = FALSE] ELSE eagerInUse
    /\ ownE' = [ownE EXCEPT ![t] = FALSE]
    /\ inUse' = IF own THEN [inUse EXCEPT ![p] = FALSE] ELSE inUse
    /\ lowest' = IF own /\ w.o /\ lowest[p] = k THEN [lowest EXCEPT ![p] = NoKey] ELSE lowest
    /\ CASE RoundFails(w) ->
              /\ pc' = [pc EXCEPT ![t] = "failed"]
              /\ UNCHANGED <<newId, mask>>
              /\ event' = Ev(t, "all owned, AND empty: out of context ids (ERR_OTHER)", {})
         [] w.o /\ w.m # {} ->
              LET id == PickId(p, w.m) IN
              /\ newId' = [newId EXCEPT ![t] = id]
              /\ TakeId(p, id)
              /\ pc' = [pc EXCEPT ![t] = "done"]
              /\ event' = Ev(t, "all owned, AND " \o ToString(w.m) \o ": takes id " \o ToString(id), {})
         [] OTHER ->
              /\ pc' = [pc EXCEPT ![t] = "start"]
              /\ UNCHANGED <<newId, mask>>
              /\ event' = Ev(t, "not all owned: " \o (IF own THEN "releases the mask, " ELSE "") \o "retries", {})
    /\ UNCHANGED offer

Free(t) == FreeStep(t) /\ UNCHANGED <<inUse, lowest, eagerInUse, ownE>>

Terminated == AllReturned /\ UNCHANGED vars

ThreadStep(t) == EnterEager(t) \/ FinishEager(t) \/ Enter(t) \/ FinishRound(t)

Next == \/ \E t \in Threads : ThreadStep(t) \/ Free(t)
        \/ Terminated

(* Fairness: WF on every thread's steps (a scheduler eventually runs a     *)
(* runnable thread; a step that waits for messages is enabled until it is *)
(* taken, since only its own thread removes them). No fairness on Free: a  *)
(* program may keep its communicator. No strong fairness is assumed, so a  *)
(* livelock TLC reports is one a fair scheduler can produce.               *)
Spec == Init /\ [][Next]_vars /\ \A t \in Threads : WF_vars(ThreadStep(t))

(* TLC's VIEW: states that differ only in the history variable event are one state. *)
View == <<mask, pc, newId, inbox, offer, inUse, lowest, eagerInUse, ownE>>

TypeOK ==
    /\ CommonTypeOK({"begin", "wait0", "start", "wait"})
    /\ inUse \in [Procs -> BOOLEAN]
    /\ lowest \in [Procs -> {Key(c) : c \in Calls} \cup {NoKey}]
    /\ eagerInUse \in [Procs -> BOOLEAN]
    /\ ownE \in [Threads -> BOOLEAN]

(* Ids of the eager segment are not counted: another call's eager round may hold them. *)
NoSpuriousFailure == NoFailureWhereIdsSuffice(EagerIds)

(* Reachability probe (a model expects it violated): two calls over three  *)
(* processes meet in Fig. 3 rounds on a shared process, one owning its     *)
(* mask there and the other offering nothing.                              *)
NoThreeProcessContention ==
    ~\E c1, c2 \in Calls :
        /\ c1 # c2
        /\ Cardinality(Members[c1] \cup Members[c2]) >= 3
        /\ \E p \in Members[c1] \cap Members[c2] :
              /\ pc[Th(p, c1)] = "wait" /\ pc[Th(p, c2)] = "wait"
              /\ offer[c1][p].o /\ ~offer[c2][p].o
=============================================================================
