--------------------------- MODULE MultithreadedFig3 ---------------------------
(***************************************************************************)
(* The context-id algorithm the core runs: Gropp & Thakur 2007, §5.3,      *)
(* Fig. 3, with four changes (Java: org.mpiverify.core.contextid.          *)
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
(* 4. The eager segment is cut into EagerSegments segments, each with its  *)
(*    own in-use flag, and each call has one, SegOf(c), the same on every  *)
(*    member: calls of one process on different segments run their eager  *)
(*    rounds at once (with one segment, the second of two threads lost its *)
(*    eager round and contended in Fig. 3 rounds). A Fig. 3 owner claims   *)
(*    only its own segment, if free, so that it does not make concurrent   *)
(*    eager rounds fail (every free one if its own has no free id left);   *)
(*    when a round in which every member owned ends                        *)
(*    with an empty AND, the call retries once claiming every free segment *)
(*    (claimAll), and only that round's empty AND is out of ids: so every  *)
(*    free segment counts for exhaustion, as with one segment.             *)
(*                                                                         *)
(* EagerCount is the Java's eagerIds: the segment is ids                   *)
(* 2..1+EagerCount. The Java's default for a capacity is                   *)
(* JavaDefaultEagerCount; an allocator built with an explicit count        *)
(* (MultithreadedContextIdAllocator(capacity, eagerIds, countStats))       *)
(* matches a model with that count (ContextIdPairingTest checks every      *)
(* model's pair).                                                          *)
(***************************************************************************)
EXTENDS ContextIds

CONSTANTS EagerCount, EagerSegments
ASSUME EagerCount \in 0..64
ASSUME EagerSegments \in 1..16 /\ (EagerCount = 0 \/ EagerSegments <= EagerCount)

EagerIds == FirstId..(FirstId + EagerCount - 1)
JavaDefaultEagerCount(capacity) == Min({64, (capacity - 2) \div 4})
JavaDefaultEagerSegments(eager) == Max({1, Min({16, eager \div 4})})

(* The segments: contiguous runs of EagerCount \div EagerSegments ids, the *)
(* last one taking the rest; a call's segment is a function of its parent *)
(* and tag that every member computes alike (Java: segmentOf).             *)
Segs == 0..(EagerSegments - 1)
(* (a table, so that TLC computes each segment once, not on every use)     *)
SegIdTable == [s \in Segs |-> {id \in EagerIds : Min({(id - FirstId) \div (EagerCount \div EagerSegments), EagerSegments - 1}) = s}]
SegIds(s) == SegIdTable[s]
SegOf(c) == (Parent[c] * 7 + Tag[c] + 1) % EagerSegments

Key(c) == Parent[c] * 100 + Tag[c] + 1
NoKey == 1000000                         \* the paper's MAXINT
Keys == {Key(c) : c \in Calls} \cup {NoKey}     \* a constant: TLC computes it once

VARIABLES
    inUse,       \* [Procs -> BOOLEAN]   mask_in_use
    lowest,      \* [Procs -> Int]       lowestContextId, as a key
    eagerInUse,  \* [Procs -> SUBSET Segs]   the eager segments some thread holds
    ownE,        \* [Threads -> SUBSET Segs] the eager segments this thread holds
    claimAll     \* [Threads -> BOOLEAN]     a Fig. 3 owner claims every free segment

vars == <<mask, pc, newId, inbox, offer, event, inUse, lowest, eagerInUse, ownE, claimAll>>

(* Where a thread starts: the eager round. *)
FirstPc == "begin"

Init == /\ CommonInit(FirstPc)
        /\ inUse = [p \in Procs |-> FALSE]
        /\ lowest = [p \in Procs |-> NoKey]
        /\ eagerInUse = [p \in Procs |-> {}]
        /\ ownE = [t \in Threads |-> {}]
        /\ claimAll = [t \in Threads |-> FALSE]

Own(t) == offer[Cl[t]][Pr[t]].o

(* The eager round: own the call's segment if nobody holds it, else offer nothing. *)
EnterEager(t) ==
    LET p == Pr[t]  s == SegOf(Cl[t]) IN
    /\ pc[t] = "begin"
    /\ Ready(t)
    /\ IF s \in eagerInUse[p]
         THEN /\ Send(t, Word({}, FALSE))
              /\ UNCHANGED <<eagerInUse, ownE>>
              /\ event' = Ev(t, "eager round: segment busy, offers nothing", PeerThreads(t))
         ELSE /\ Send(t, Word(mask[p] \cap SegIds(s), TRUE))
              /\ eagerInUse' = [eagerInUse EXCEPT ![p] = @ \cup {s}]
              /\ ownE' = [ownE EXCEPT ![t] = {s}]
              /\ event' = Ev(t, "eager round: offers " \o ToString(mask[p] \cap SegIds(s)), PeerThreads(t))
    /\ pc' = [pc EXCEPT ![t] = "wait0"]
    /\ UNCHANGED <<mask, newId, inUse, lowest, claimAll>>

(* Every member sees the same AND: all take its lowest id, or all go on to Fig. 3's rounds. *)
FinishEager(t) ==
    LET p == Pr[t]  w == Result(t) IN
    /\ pc[t] = "wait0"
    /\ CanReceive(t)
    /\ Receive(t)
    /\ eagerInUse' = [eagerInUse EXCEPT ![p] = @ \ ownE[t]]
    /\ ownE' = [ownE EXCEPT ![t] = {}]
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
    /\ UNCHANGED <<offer, inUse, lowest, claimAll>>

(* What a Fig. 3 owner claims, of the segments nobody holds: its call's   *)
(* segment, or every segment if that one has no free id on its process or *)
(* the call claims all; and what it offers: its mask without the eager     *)
(* ids, plus those of the segments it claims.                              *)
Claim(t) ==
    LET p == Pr[t]  s == SegOf(Cl[t]) IN
    (IF claimAll[t] \/ mask[p] \cap SegIds(s) = {} THEN Segs ELSE {s}) \ eagerInUse[p]
Fig3Offer(p, claim) == (mask[p] \ EagerIds) \cup (mask[p] \cap UNION {SegIds(s) : s \in claim})

(* Fig. 3, first critical section: own the mask unless it is in use or a  *)
(* lower key waits; an owner also claims its segment (Claim) if it is      *)
(* free, and offers Fig3Offer.                                             *)
Enter(t) ==
    LET p == Pr[t]  k == Key(Cl[t])
        claimE == Claim(t)
        offered == Fig3Offer(p, claimE)
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
              /\ eagerInUse' = [eagerInUse EXCEPT ![p] = @ \cup claimE]
              /\ ownE' = [ownE EXCEPT ![t] = claimE]
              /\ Send(t, Word(offered, TRUE))
              /\ event' = Ev(t, "Fig. 3: owns the mask, offers " \o ToString(offered), PeerThreads(t))
    /\ pc' = [pc EXCEPT ![t] = "wait"]
    /\ UNCHANGED <<mask, newId, claimAll>>

(* When a round ends in ERR_OTHER: every member owned and the AND is empty *)
(* (in a round that claimed every free segment, LastChance).               *)
RoundFails(w) == w.o /\ w.m = {}
LastChance(t) == claimAll[t] \/ EagerSegments = 1

(* Fig. 3, second critical section, with the ownership bit. Every member   *)
(* decides the same: only when every member owned is w.o true.             *)
FinishRound(t) ==
    LET p == Pr[t]  k == Key(Cl[t])  w == Result(t)  own == Own(t) IN
    /\ pc[t] = "wait"
    /\ CanReceive(t)
    /\ Receive(t)
    /\ eagerInUse' = [eagerInUse EXCEPT ![p] = @ \ ownE[t]]
    /\ ownE' = [ownE EXCEPT ![t] = {}]
    /\ inUse' = IF own THEN [inUse EXCEPT ![p] = FALSE] ELSE inUse
    /\ lowest' = IF own /\ w.o /\ lowest[p] = k THEN [lowest EXCEPT ![p] = NoKey] ELSE lowest
    /\ CASE RoundFails(w) /\ LastChance(t) ->
              /\ pc' = [pc EXCEPT ![t] = "failed"]
              /\ UNCHANGED <<newId, mask, claimAll>>
              /\ event' = Ev(t, "all owned, AND empty: out of context ids (ERR_OTHER)", {})
         [] RoundFails(w) ->
              /\ pc' = [pc EXCEPT ![t] = "start"]
              /\ claimAll' = [claimAll EXCEPT ![t] = TRUE]
              /\ UNCHANGED <<newId, mask>>
              /\ event' = Ev(t, "all owned, AND empty: retries claiming every free segment", {})
         [] w.o /\ w.m # {} ->
              LET id == PickId(p, w.m) IN
              /\ newId' = [newId EXCEPT ![t] = id]
              /\ TakeId(p, id)
              /\ pc' = [pc EXCEPT ![t] = "done"]
              /\ UNCHANGED claimAll
              /\ event' = Ev(t, "all owned, AND " \o ToString(w.m) \o ": takes id " \o ToString(id), {})
         [] OTHER ->
              /\ pc' = [pc EXCEPT ![t] = "start"]
              /\ UNCHANGED <<newId, mask, claimAll>>
              /\ event' = Ev(t, "not all owned: " \o (IF own THEN "releases the mask, " ELSE "") \o "retries", {})
    /\ UNCHANGED offer

Free(t) == FreeStep(t) /\ UNCHANGED <<inUse, lowest, eagerInUse, ownE, claimAll>>

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
View == <<mask, pc, newId, inbox, offer, inUse, lowest, eagerInUse, ownE, claimAll>>

TypeOK ==
    /\ CommonTypeOK({"begin", "wait0", "start", "wait"})
    /\ inUse \in [Procs -> BOOLEAN]
    /\ lowest \in [Procs -> Keys]
    /\ eagerInUse \in [Procs -> SUBSET Segs]
    /\ ownE \in [Threads -> SUBSET Segs]
    /\ claimAll \in [Threads -> BOOLEAN]

(* Ids of the eager segment are not counted: another call's eager round may hold them. *)
NoSpuriousFailure == NoFailureWhereIdsSuffice(EagerIds)

(* The refinement of ContextIdPromise (mapping: ContextIds). A member      *)
(* looks at its free ids when it offers its mask as the owner of a round   *)
(* that can end in ERR_OTHER (LastChance: every free segment claimed);     *)
(* the ids an eager round holds are what its call sets aside, one segment. *)
PromiseLook == [t \in Threads |-> IF pc[t] = "wait" /\ Own(t) /\ LastChance(t)
                                  THEN offer[Cl[t]][Pr[t]].m ELSE Ids]
PromiseAside == [t \in Threads |-> IF pc[t] = "wait0" THEN UNION {SegIds(s) : s \in ownE[t]} ELSE {}]
(* How many ids a call may set aside: the largest segment, the last one    *)
(* (EagerCount \div EagerSegments ids and the rest), computed from the     *)
(* constants and not from SegIds, so that the bound does not move with a   *)
(* wrong cut of the segments.                                              *)
SegmentSize == IF EagerCount = 0 THEN 0 ELSE (EagerCount \div EagerSegments) + (EagerCount % EagerSegments)
Promise == INSTANCE ContextIdPromise
    WITH st <- AbsSt, dec <- AbsDec, ret <- newId, look <- PromiseLook, aside <- PromiseAside,
         AsideMax <- SegmentSize, Prior <- PriorOf, Issued <- [t \in Threads |-> {}]
RefinesContextIdPromise == Promise!Spec

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
