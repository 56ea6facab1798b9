----------------------------- MODULE HashMatching -----------------------------
(***************************************************************************)
(* The fast/wild mode handshake of org.mpiverify.core.matching.            *)
(* HashMatchingEngine (Dang, Snir & Gropp's table for exact keys, kept     *)
(* correct with wildcards), one context, with its locks as steps.          *)
(*                                                                         *)
(* Fast mode: every pending item lives in the table under its exact key    *)
(* (source, tag): a FIFO of receives or a FIFO of envelopes, never both.   *)
(* An exact operation locks its key's bucket (FastLock) and then, holding  *)
(* it, reads the mode word: if fast, it matches the FIFO's head or appends *)
(* (an envelope that waits takes its arrival number from the context's     *)
(* clock), and unlocks (FastAct); if wild, it unlocks and redoes the       *)
(* operation under the context lock (CtxLock, CtxAct), or, if the context  *)
(* went back to fast meanwhile, starts over.                               *)
(* Wild mode: a wildcard receive takes the context lock, sets the mode     *)
(* word (EnterWild) BEFORE it drains the buckets one by one               *)
(* (DrainBucket: lock the bucket, move its receives to the posted queue    *)
(* and its envelopes aside, unlock), sorts the envelopes by arrival number *)
(* into the unexpected queue (FinishDrain), and matches or posts itself    *)
(* (WildPost). Every operation in wild mode runs under the context lock on *)
(* the two queues (WildQueues: posting order and arrival order). After an *)
(* exact operation in wild mode with no wildcard receive left and the     *)
(* linger spent, the items go back to the table (SwitchBack) and only     *)
(* then the mode word turns fast (FlagBack).                               *)
(*                                                                         *)
(* Reading the mode word and acting on the bucket are one step here: both  *)
(* happen under the bucket lock, and the only writer of the word that does *)
(* not hold that lock, a switch to wild, must lock the same bucket before  *)
(* it moves its items; an operation that read "fast" just before the word  *)
(* changed is then drained with its effect, as if it had acted first.     *)
(* Moving the items back to the table is one step too: while the word says *)
(* wild, no operation acts on the table (it reads the word and leaves).   *)
(*                                                                         *)
(* The promise is MpiMatching (one context): the refinement mapping takes  *)
(* the envelopes in the table, in the unexpected queue and in the middle   *)
(* of a drain as the pending messages, the receives in the table or the    *)
(* posted queue, in posting order (the history postOrder), as the waiting  *)
(* receives, and the history matched as the matches. The linearization     *)
(* points are FastAct, CtxAct and WildPost; every other step leaves the    *)
(* mapped state alone. Cancel and probes are left out (Matching.tla has    *)
(* cancel; the probe family has probes).                                   *)
(***************************************************************************)
EXTENDS Integers, Sequences, FiniteSets, TLC

CONSTANTS Msgs,        \* messages that arrive: [id, ctx |-> 0, src, tag], ids unique
          Recvs,       \* receives that are posted: [id, ctx |-> 0, src or AnySource, tag or AnyTag]
          NumBuckets,  \* head buckets of the table
          Linger       \* HashMatchingEngine's wildcardLinger (0 or 1: back to fast at once)

AnySource == -2
AnyTag == -1
Free == <<"free", 0>>   \* no holder; shaped like an operation <<kind, id>>, so that TLC can compare the two

Exact(r) == r.src # AnySource /\ r.tag # AnyTag
KeyOf(x) == <<x.src, x.tag>>
Keys == {KeyOf(m) : m \in Msgs} \cup {KeyOf(r) : r \in {x \in Recvs : Exact(x)}}
Bucket(k) == (k[1] + k[2]) % NumBuckets
Buckets == 0..(NumBuckets - 1)
(* The keys in a fixed order (the order a drain visits a bucket's keys in). *)
KeyList == CHOOSE s \in [1..Cardinality(Keys) -> Keys] : \A i, j \in DOMAIN s : i < j => s[i] # s[j]

Matches(r, m) == /\ r.src = AnySource \/ r.src = m.src
                 /\ r.tag = AnyTag \/ r.tag = m.tag

PostOp(r) == <<"post", r.id>>
ArriveOp(m) == <<"arrive", m.id>>
Ops == {PostOp(r) : r \in Recvs} \cup {ArriveOp(m) : m \in Msgs}
RecvOf(x) == CHOOSE r \in Recvs : x = PostOp(r)
MsgOf(x) == CHOOSE m \in Msgs : x = ArriveOp(m)
IsPost(x) == x[1] = "post"

RItem(r) == [kind |-> "recv", r |-> r]
EItem(m, n) == [kind |-> "env", m |-> m, seq |-> n]

VARIABLES
    tbl,        \* [Keys -> Seq(item)] the table: per key a FIFO of receives or of envelopes
    blk,        \* [Buckets -> Ops \cup {Free}] bucket locks
    ctxLock,    \* Ops \cup {Free} the context lock
    wild,       \* the mode word
    clock,      \* the context's arrival clock
    qPosted,    \* Seq(receive) wild mode: posted receives, in posting order
    qUnexp,     \* Seq(envelope item) wild mode: unexpected envelopes, in arrival order
    drainLeft,  \* buckets a switch to wild has still to drain
    drained,    \* envelope items drained, not yet sorted into qUnexp
    backLeft,   \* keys a switch back to fast has still to refill
    linger,     \* exact operations left before switching back
    pc,         \* [Ops -> label]
    postOrder,  \* history: the receives that were posted (waited), in posting order
    matched     \* history: the pairs <<receive, message>> matched

vars == <<tbl, blk, ctxLock, wild, clock, qPosted, qUnexp, drainLeft, drained, backLeft, linger, pc, postOrder, matched>>

Init == /\ tbl = [k \in Keys |-> <<>>]
        /\ blk = [b \in Buckets |-> Free]
        /\ ctxLock = Free
        /\ wild = FALSE
        /\ clock = 0
        /\ qPosted = <<>>
        /\ qUnexp = <<>>
        /\ drainLeft = {}
        /\ drained = {}
        /\ backLeft = {}
        /\ linger = 0
        /\ pc = [x \in Ops |-> "start"]
        /\ postOrder = <<>>
        /\ matched = {}

(* A sender sends in order: its earlier messages have arrived. *)
Ready(x) == ~IsPost(x) => \A m2 \in Msgs : (m2.src = MsgOf(x).src /\ m2.id < MsgOf(x).id) => pc[ArriveOp(m2)] = "done"

(* The first index of q whose element satisfies P, else 0 (the indices that do, in order: no CHOOSE, *)
(* whose pick TLC fixes and the spec would not).                                                      *)
FirstIn(q, P(_)) == LET is == SelectSeq([i \in 1..Len(q) |-> i], LAMBDA i : P(q[i])) IN
                    IF is = <<>> THEN 0 ELSE Head(is)
Drop(q, i) == SubSeq(q, 1, i - 1) \o SubSeq(q, i + 1, Len(q))
(* A key's FIFO after its head was matched. *)
Rest(q) == Tail(q)

-----------------------------------------------------------------------------
(* Fast path: lock the key's bucket; then, holding it, read the mode and act, or leave. *)
FastLock(x) ==
    LET o == IF IsPost(x) THEN RecvOf(x) ELSE MsgOf(x) IN
    /\ pc[x] = "start"
    /\ IsPost(x) => Exact(o)
    /\ Ready(x)
    /\ blk[Bucket(KeyOf(o))] = Free
    /\ blk' = [blk EXCEPT ![Bucket(KeyOf(o))] = x]
    /\ pc' = [pc EXCEPT ![x] = "locked"]
    /\ UNCHANGED <<tbl, ctxLock, wild, clock, qPosted, qUnexp, drainLeft, drained, backLeft, linger, postOrder, matched>>

(* The mode word as a fast operation reads it under its bucket lock. *)
ReadsFast == ~wild

(* Holding the bucket lock, read the mode word: fast, act on the table next; wild, unlock and go to *)
(* the context lock.                                                                               *)
FastRead(x) ==
    LET o == IF IsPost(x) THEN RecvOf(x) ELSE MsgOf(x) IN
    /\ pc[x] = "locked"
    /\ IF ReadsFast
       THEN /\ pc' = [pc EXCEPT ![x] = "fast"]
            /\ UNCHANGED blk
       ELSE /\ pc' = [pc EXCEPT ![x] = "ctxwait"]
            /\ blk' = [blk EXCEPT ![Bucket(KeyOf(o))] = Free]
    /\ UNCHANGED <<tbl, ctxLock, wild, clock, qPosted, qUnexp, drainLeft, drained, backLeft, linger, postOrder, matched>>

(* Still holding it, match the key's FIFO head or append, and unlock: whatever the mode word says *)
(* by now (a switch to wild that set it meanwhile drains this bucket only after this unlock).     *)
FastAct(x) ==
    LET o == IF IsPost(x) THEN RecvOf(x) ELSE MsgOf(x)
        k == KeyOf(o)
        q == tbl[k]
    IN
    /\ pc[x] = "fast"
    /\ blk' = [blk EXCEPT ![Bucket(k)] = Free]
    /\ pc' = [pc EXCEPT ![x] = "done"]
    /\ IF IsPost(x)
       THEN IF q # <<>> /\ q[1].kind = "env"
            THEN /\ tbl' = [tbl EXCEPT ![k] = Rest(q)]      \* the earliest envelope of the key
                 /\ matched' = matched \cup {<<o, q[1].m>>}
                 /\ UNCHANGED <<clock, postOrder>>
            ELSE /\ tbl' = [tbl EXCEPT ![k] = Append(q, RItem(o))]
                 /\ postOrder' = Append(postOrder, o)
                 /\ UNCHANGED <<clock, matched>>
       ELSE IF q # <<>> /\ q[1].kind = "recv"
            THEN /\ tbl' = [tbl EXCEPT ![k] = Rest(q)]      \* the earliest receive of the key
                 /\ matched' = matched \cup {<<q[1].r, o>>}
                 /\ UNCHANGED <<clock, postOrder>>
            ELSE /\ tbl' = [tbl EXCEPT ![k] = Append(q, EItem(o, clock))]
                 /\ clock' = clock + 1
                 /\ UNCHANGED <<postOrder, matched>>
    /\ UNCHANGED <<ctxLock, wild, qPosted, qUnexp, drainLeft, drained, backLeft, linger>>

(* The context lock: an exact operation that found the context wild, or a wildcard receive. *)
CtxLock(x) ==
    /\ \/ pc[x] = "ctxwait"
       \/ pc[x] = "start" /\ IsPost(x) /\ ~Exact(RecvOf(x))
    /\ ctxLock = Free
    /\ ctxLock' = x
    /\ pc' = [pc EXCEPT ![x] = "ctxlocked"]
    /\ UNCHANGED <<tbl, blk, wild, clock, qPosted, qUnexp, drainLeft, drained, backLeft, linger, postOrder, matched>>

-----------------------------------------------------------------------------
(* Wild mode, under the context lock. *)
WildcardsPosted(q) == \E i \in 1..Len(q) : ~Exact(q[i])

(* An exact operation in wild mode; then, with no wildcard receive posted and the linger spent, the *)
(* switch back to fast. If the context went back to fast meanwhile, start over.                    *)
CtxAct(x) ==
    /\ pc[x] = "ctxlocked"
    /\ IsPost(x) => Exact(RecvOf(x))
    /\ IF wild
       THEN /\ IF IsPost(x)
               THEN LET r == RecvOf(x)
                        i == FirstIn(qUnexp, LAMBDA e : Matches(r, e.m))
                    IN IF i # 0
                       THEN /\ qUnexp' = Drop(qUnexp, i)
                            /\ matched' = matched \cup {<<r, qUnexp[i].m>>}
                            /\ UNCHANGED <<qPosted, clock, postOrder>>
                       ELSE /\ qPosted' = Append(qPosted, r)
                            /\ postOrder' = Append(postOrder, r)
                            /\ UNCHANGED <<qUnexp, clock, matched>>
               ELSE LET m == MsgOf(x)
                        i == FirstIn(qPosted, LAMBDA r : Matches(r, m))
                    IN IF i # 0
                       THEN /\ qPosted' = Drop(qPosted, i)
                            /\ matched' = matched \cup {<<qPosted[i], m>>}
                            /\ UNCHANGED <<qUnexp, clock, postOrder>>
                       ELSE /\ qUnexp' = Append(qUnexp, EItem(m, clock))
                            /\ clock' = clock + 1
                            /\ UNCHANGED <<qPosted, postOrder, matched>>
            \* afterExactWildOp: "postedWildcards() != 0 || --lingerLeft > 0" (the count, which may go below 0
            \* in the Java, is kept at 0 here: the same test)
            /\ linger' = IF WildcardsPosted(qPosted') \/ linger = 0 THEN linger ELSE linger - 1
            /\ IF ~WildcardsPosted(qPosted') /\ linger <= 1
               THEN /\ pc' = [pc EXCEPT ![x] = "switchback"]
                    /\ backLeft' = Keys
                    /\ UNCHANGED ctxLock
               ELSE /\ pc' = [pc EXCEPT ![x] = "done"]
                    /\ ctxLock' = Free
                    /\ UNCHANGED backLeft
       ELSE /\ pc' = [pc EXCEPT ![x] = "start"]
            /\ ctxLock' = Free
            /\ UNCHANGED <<qPosted, qUnexp, clock, linger, postOrder, matched, backLeft>>
    /\ UNCHANGED <<tbl, blk, wild, drainLeft, drained>>

(* A wildcard receive: the mode word first, then the drain, bucket by bucket. *)
EnterWild(x) ==
    /\ pc[x] = "ctxlocked"
    /\ IsPost(x) /\ ~Exact(RecvOf(x))
    /\ linger' = Linger
    /\ IF wild
       THEN /\ pc' = [pc EXCEPT ![x] = "wildpost"]
            /\ UNCHANGED <<wild, drainLeft, drained>>
       ELSE /\ wild' = TRUE
            /\ drainLeft' = Buckets
            /\ drained' = {}
            /\ pc' = [pc EXCEPT ![x] = "draining"]
    /\ UNCHANGED <<tbl, blk, ctxLock, clock, qPosted, qUnexp, backLeft, postOrder, matched>>

(* The receives of the keys of bucket b, in key order and per key in posting order. *)
RecvsIn(q) == LET s == SelectSeq(q, LAMBDA e : e.kind = "recv") IN [j \in 1..Len(s) |-> s[j].r]
RECURSIVE ReceivesFrom(_, _)
ReceivesFrom(b, i) ==
    IF i > Len(KeyList) THEN <<>>
    ELSE (IF Bucket(KeyList[i]) = b THEN RecvsIn(tbl[KeyList[i]]) ELSE <<>>) \o ReceivesFrom(b, i + 1)

DrainBucket(x, b) ==
    /\ pc[x] = "draining"
    /\ b \in drainLeft
    /\ blk[b] = Free
    /\ LET ks == {k \in Keys : Bucket(k) = b} IN
       /\ qPosted' = qPosted \o ReceivesFrom(b, 1)
       /\ drained' = drained \cup UNION {{tbl[k][j] : j \in {j \in 1..Len(tbl[k]) : tbl[k][j].kind = "env"}} : k \in ks}
       /\ tbl' = [k \in Keys |-> IF k \in ks THEN <<>> ELSE tbl[k]]
    /\ drainLeft' = drainLeft \ {b}
    /\ UNCHANGED <<blk, ctxLock, wild, clock, qUnexp, backLeft, linger, pc, postOrder, matched>>

(* The drained envelopes in arrival order: the Java sorts them by their arrival numbers; equal numbers *)
(* (which a correct clock never gives) would leave them in any order.                                 *)
InArrivalOrder(S) == {s \in [1..Cardinality(S) -> S] : /\ \A i, j \in DOMAIN s : i # j => s[i] # s[j]
                                                       /\ \A i, j \in DOMAIN s : i < j => s[i].seq <= s[j].seq}

FinishDrain(x) ==
    /\ pc[x] = "draining"
    /\ drainLeft = {}
    /\ \E s \in InArrivalOrder(drained) : qUnexp' = qUnexp \o s
    /\ drained' = {}
    /\ pc' = [pc EXCEPT ![x] = "wildpost"]
    /\ UNCHANGED <<tbl, blk, ctxLock, wild, clock, qPosted, drainLeft, backLeft, linger, postOrder, matched>>

(* The wildcard receive matches the earliest unexpected envelope it fits, or is posted. *)
WildPost(x) ==
    LET r == RecvOf(x)
        i == FirstIn(qUnexp, LAMBDA e : Matches(r, e.m))
    IN
    /\ pc[x] = "wildpost"
    /\ IF i # 0
       THEN /\ qUnexp' = Drop(qUnexp, i)
            /\ matched' = matched \cup {<<r, qUnexp[i].m>>}
            /\ UNCHANGED <<qPosted, postOrder>>
       ELSE /\ qPosted' = Append(qPosted, r)
            /\ postOrder' = Append(postOrder, r)
            /\ UNCHANGED <<qUnexp, matched>>
    /\ ctxLock' = Free
    /\ pc' = [pc EXCEPT ![x] = "done"]
    /\ UNCHANGED <<tbl, blk, wild, clock, drainLeft, drained, backLeft, linger>>

(* Back to fast: the items of one key back under it, in order (the Java locks the key's bucket for  *)
(* each item it moves); once every key is refilled, the mode word.                                  *)
MoveBack(x, k) ==
    /\ pc[x] = "switchback"
    /\ k \in backLeft
    /\ blk[Bucket(k)] = Free
    /\ LET rs == SelectSeq(qPosted, LAMBDA r : KeyOf(r) = k) IN
       tbl' = [tbl EXCEPT ![k] = @ \o [j \in 1..Len(rs) |-> RItem(rs[j])] \o SelectSeq(qUnexp, LAMBDA e : KeyOf(e.m) = k)]
    /\ qPosted' = SelectSeq(qPosted, LAMBDA r : KeyOf(r) # k)
    /\ qUnexp' = SelectSeq(qUnexp, LAMBDA e : KeyOf(e.m) # k)
    /\ backLeft' = backLeft \ {k}
    /\ UNCHANGED <<blk, ctxLock, wild, clock, drainLeft, drained, linger, pc, postOrder, matched>>

FlagBack(x) ==
    /\ pc[x] = "switchback"
    /\ backLeft = {}
    /\ wild' = FALSE
    /\ ctxLock' = Free
    /\ pc' = [pc EXCEPT ![x] = "done"]
    /\ UNCHANGED <<tbl, blk, clock, qPosted, qUnexp, drainLeft, drained, backLeft, linger, postOrder, matched>>

OpStep(x) == \/ FastLock(x) \/ FastRead(x) \/ FastAct(x) \/ CtxLock(x) \/ CtxAct(x) \/ EnterWild(x)
             \/ (\E b \in Buckets : DrainBucket(x, b)) \/ FinishDrain(x) \/ WildPost(x)
             \/ (\E k \in Keys : MoveBack(x, k)) \/ FlagBack(x)

AllDone == \A x \in Ops : pc[x] = "done"
Terminated == AllDone /\ UNCHANGED vars

Next == (\E x \in Ops : OpStep(x)) \/ Terminated

Spec == Init /\ [][Next]_vars

(* Every enabled step is taken eventually: each operation is a thread of its own. *)
FairSpec == Spec /\ WF_vars(Next)

View == vars

-----------------------------------------------------------------------------
(* The promise: MpiMatching, one context, under this mapping. *)
TableItems == UNION {{tbl[k][j] : j \in 1..Len(tbl[k])} : k \in Keys}
PendingMsgs == {e.m : e \in {i \in TableItems : i.kind = "env"}} \cup {qUnexp[j].m : j \in 1..Len(qUnexp)}
               \cup {e.m : e \in drained}
InEngine(r) == RItem(r) \in TableItems \/ \E j \in 1..Len(qPosted) : qPosted[j] = r
Waiting == SelectSeq(postOrder, InEngine)

Abs == INSTANCE MpiMatching WITH Contexts <- {0}, pendingMsgs <- PendingMsgs, waiting <- (0 :> Waiting),
                                 matches <- matched, cancelled <- {}, cancelFailed <- {}

MatchesFit == Abs!MatchesFit
MatchedOnce == Abs!MatchedOnce
NoMatchLeft == Abs!NoMatchLeft
NonOvertaking == Abs!NonOvertaking
CallsTakeEffect == Abs!CallsTakeEffect
RefinesMpiMatching == Abs!Spec

(* The engine's own invariant: in fast mode the wild queues are empty; a key's FIFO is all receives *)
(* or all envelopes; once every operation is done, every item is where the mode says.              *)
FastMeansTable == ~wild /\ ctxLock = Free => qPosted = <<>> /\ qUnexp = <<>>
OneKindPerKey == \A k \in Keys : \A i, j \in 1..Len(tbl[k]) : tbl[k][i].kind = tbl[k][j].kind
WildMeansQueues == wild /\ drainLeft = {} /\ drained = {} /\ ~(\E x \in Ops : pc[x] \in {"switchback", "fast"})
                   => \A k \in Keys : tbl[k] = <<>>
=============================================================================
