------------------------------ MODULE MatchTable ------------------------------
(***************************************************************************)
(* Message matching through the concurrent hash table, eager and          *)
(* rendezvous, with ThreadWait/ThreadSignal.                               *)
(*                                                                         *)
(* Paper: H.-V. Dang, M. Snir, W. Gropp, "Towards millions of communicating*)
(*   threads": §2.2 (H.insert/H.empty, equations (1)-(3)), Algorithm 1     *)
(*   (worker: SEND-EAGER, RECV-EAGER), Algorithm 2 (communication server:  *)
(*   RECV-EAGER-PACKET), §2.2.2 (rendezvous: RTR then RDMA), §3.1 (the     *)
(*   per-request "already signalled" flag), §3.2 (spin lock per bucket,    *)
(*   empty is a single unlocked write).                                    *)
(*                                                                         *)
(* Java: org.mpiverify.core.matching.MatchTable (the table: 4-entry        *)
(*   cache-line buckets, spin lock per bucket, single-write empty), used   *)
(*   by org.mpiverify.core.matching.HashMatchingEngine;                    *)
(*   org.mpiverify.core.request.Completion (completion flag + parked       *)
(*   waiter) is ThreadWait/ThreadSignal with the flag (Variant "flag").    *)
(*                                                                         *)
(* Two nodes: "snd" sends every message of Msgs to "rcv". Each node has a *)
(* table and a communication server that runs Algorithm 2 on each packet   *)
(* the network brings. For message m the receiver thread R<m> runs         *)
(* RECV-EAGER on key <<0, m>>; the sender thread S<m> either sends the     *)
(* data eagerly (Kind[m] = "eager") or, for "rndv", first receives the     *)
(* receiver's RTR (carrying the receiver's buffer) by RECV-EAGER on key    *)
(* <<1, m>> in its own table, then writes the data into that buffer (RDMA) *)
(* and sends a FIN packet on <<0, m>>, which the receiver matches exactly  *)
(* like an eager packet: "the same algorithm as the eager protocol after   *)
(* the control messages" (§2.2.2).                                         *)
(*                                                                         *)
(* Table layout: a bucket is a sequence of slots [key, val]; the 4-entry   *)
(* line of §3.2 holds three such slots and chains to the next line, which  *)
(* a sequence abstracts. insert is lock; one atomic search-and-write;      *)
(* unlock. empty is one unlocked write to the slot insert returned.        *)
(*                                                                         *)
(* ThreadWait/ThreadSignal:                                                *)
(*  "flag"  : Completion. wait: publish waiter; if flag set -> go on, else *)
(*            park (a park consumes a pending unpark permit).              *)
(*            signal: set flag; if a waiter is published, unpark it.       *)
(*  "noflag": wait parks at once; signal wakes the thread only if it is    *)
(*            already parked (a signal with no sleeper is lost). TLC must  *)
(*            find the lost wake-up.                                       *)
(*  "overwrite": "flag", but insert stores its value even when the key     *)
(*            holds one - a table that breaks equation (1). It exists to   *)
(*            show that the refinement check is not vacuous: TLC must      *)
(*            report that the table no longer refines AtomicMap.           *)
(***************************************************************************)
EXTENDS Integers, Sequences, FiniteSets, TLC

CONSTANTS Msgs,        \* message ids, a set of positive integers
          Kind,        \* [Msgs -> {"eager", "rndv"}]
          NumBuckets,  \* buckets per table (1 forces every key into one bucket)
          Variant      \* "flag" | "noflag" | "overwrite"

ASSUME Variant \in {"flag", "noflag", "overwrite"}

Bot == [kind |-> "bot"]
Free == "free"
Nodes == {"snd", "rcv"}
R(m) == "R" \o ToString(m)
S(m) == "S" \o ToString(m)
Srv(n) == "server@" \o n
Workers == {R(m) : m \in Msgs} \cup {S(m) : m \in Msgs}
MsgOf(t) == CHOOSE m \in Msgs : t \in {R(m), S(m)}
Data(m) == 10 * m

DataKey(m) == <<0, m>>
RtrKey(m) == <<1, m>>
Keys == {DataKey(m) : m \in Msgs} \cup {RtrKey(m) : m \in Msgs \cap {x \in Msgs : Kind[x] = "rndv"}}
NodeOf(k) == IF k[1] = 0 THEN "rcv" ELSE "snd"
Hash(k) == (k[1] + k[2]) % NumBuckets
Buckets == 0..(NumBuckets - 1)

HomeOf(t) == IF t \in {R(m) : m \in Msgs} THEN "rcv" ELSE "snd"
KeyOf(t) == IF t = R(MsgOf(t)) THEN DataKey(MsgOf(t)) ELSE RtrKey(MsgOf(t))

\* Values stored in the table: a posted request (thread t waits) or a packet.
ReqV(t) == [kind |-> "req", thr |-> t]
PktV(k, d) == [kind |-> "pkt", key |-> k, data |-> d]
Values == {ReqV(t) : t \in Workers} \cup {PktV(k, d) : k \in Keys, d \in {Data(m) : m \in Msgs} \cup {0, -1}}
  \* packet data: the eager payload, the receiver's "buffer" (0 = R's buffer, for RTR), or -1 (FIN)

VARIABLES
    tbl,       \* [Nodes -> [Buckets -> Seq([key, val])]]
    blk,       \* [Nodes -> [Buckets -> Workers \cup server \cup {Free}]]  bucket spin locks
    net,       \* [Nodes -> SUBSET packets]   packets in flight to each node
    pc,        \* [Workers \cup servers -> label]
    slot,      \* [Workers -> Nat]   the slot insert returned (for the single-write empty)
    buf,       \* [Workers -> Int]   the receive buffer of each worker
    cur,       \* [servers -> packet] the packet a server is handling
    target,    \* [servers -> Workers \cup {""}] the thread the server is waking
    flag,      \* [Workers -> BOOLEAN] Completion: "already signalled"
    waiter,    \* [Workers -> BOOLEAN] Completion: waiter published
    permit,    \* [Workers -> BOOLEAN] a pending unpark
    delivered, \* [Keys -> Nat]      how many times the packet on key k was matched
    event

vars == <<tbl, blk, net, pc, slot, buf, cur, target, flag, waiter, permit, delivered, event>>

Ev(who, what, peers) == [who |-> who, what |-> what, peers |-> peers]
ShowKey(k) == IF k[1] = 0 THEN "msg" \o ToString(k[2]) ELSE "rtr" \o ToString(k[2])

NoPkt == PktV(<<0, 0>>, 0)
Servers == {Srv(n) : n \in Nodes}
NodeOfSrv(s) == IF s = Srv("snd") THEN "snd" ELSE "rcv"

Init ==
    /\ tbl = [n \in Nodes |-> [b \in Buckets |-> <<>>]]
    /\ blk = [n \in Nodes |-> [b \in Buckets |-> Free]]
    /\ net = [n \in Nodes |-> {}]
    /\ pc = [x \in Workers \cup Servers |->
               IF x \in Servers THEN "idle"
               ELSE IF x = S(MsgOf(x)) /\ Kind[MsgOf(x)] = "eager" THEN "send"
               ELSE IF x = R(MsgOf(x)) /\ Kind[MsgOf(x)] = "rndv" THEN "rtr"
               ELSE "lock"]
    /\ slot = [t \in Workers |-> 0]
    /\ buf = [t \in Workers |-> 0]
    /\ cur = [s \in Servers |-> NoPkt]
    /\ target = [s \in Servers |-> ""]
    /\ flag = [t \in Workers |-> FALSE]
    /\ waiter = [t \in Workers |-> FALSE]
    /\ permit = [t \in Workers |-> FALSE]
    /\ delivered = [k \in Keys |-> 0]
    /\ event = Ev("", "init", {})

\* Index of the slot holding key k in bucket b of node n (0 if none).
SlotOf(n, b, k) == IF \E i \in 1..Len(tbl[n][b]) : tbl[n][b][i].key = k
                     THEN CHOOSE i \in 1..Len(tbl[n][b]) : tbl[n][b][i].key = k
                     ELSE 0

(* H.insert(k, v) under the bucket lock fails when k holds a value other  *)
(* than Bot (1); it then returns that value, Found(n, k).                  *)
InsertFails(n, k) == LET b == Hash(k)  i == SlotOf(n, b, k) IN
                     i # 0 /\ tbl[n][b][i].val # Bot
Found(n, k) == tbl[n][Hash(k)][SlotOf(n, Hash(k), k)].val
TableAfterInsert(n, k, v) ==
    LET b == Hash(k)  i == SlotOf(n, b, k) IN
    IF i = 0 THEN [tbl EXCEPT ![n][b] = Append(@, [key |-> k, val |-> v])]
             ELSE [tbl EXCEPT ![n][b][i].val = v]
SlotAfterInsert(n, k) == LET b == Hash(k)  i == SlotOf(n, b, k) IN
                         IF i = 0 THEN Len(tbl[n][b]) + 1 ELSE i

unchangedWorkerSync == UNCHANGED <<flag, waiter, permit>>

(* ---------------- Algorithm 1, worker threads ---------------------------- *)
SendEager(t) ==   \* SEND-EAGER: packet to the network (eager message)
    LET m == MsgOf(t) IN
    /\ pc[t] = "send"
    /\ net' = [net EXCEPT !["rcv"] = @ \cup {PktV(DataKey(m), Data(m))}]
    /\ pc' = [pc EXCEPT ![t] = "done"]
    /\ event' = Ev(t, "send-eager msg" \o ToString(m) \o " data " \o ToString(Data(m)), {Srv("rcv")})
    /\ UNCHANGED <<tbl, blk, slot, buf, cur, target, delivered>> /\ unchangedWorkerSync

SendRtr(t) ==     \* rendezvous: the receiver sends its buffer to the sender (RTR)
    LET m == MsgOf(t) IN
    /\ pc[t] = "rtr"
    /\ net' = [net EXCEPT !["snd"] = @ \cup {PktV(RtrKey(m), 0)}]
    /\ pc' = [pc EXCEPT ![t] = "lock"]
    /\ event' = Ev(t, "send RTR for msg" \o ToString(m), {Srv("snd")})
    /\ UNCHANGED <<tbl, blk, slot, buf, cur, target, delivered>> /\ unchangedWorkerSync

LockBucket(t) ==   \* RECV-EAGER line 12, part 1: spin lock of the key's bucket
    LET n == HomeOf(t)  b == Hash(KeyOf(t)) IN
    /\ pc[t] = "lock"
    /\ blk[n][b] = Free
    /\ blk' = [blk EXCEPT ![n][b] = t]
    /\ pc' = [pc EXCEPT ![t] = "insert"]
    /\ event' = Ev(t, "lock bucket " \o ToString(b), {})
    /\ UNCHANGED <<tbl, net, slot, buf, cur, target, delivered>> /\ unchangedWorkerSync

InsertReq(t) ==    \* RECV-EAGER lines 12-18: v' = H.insert(k, v); unlock
    LET n == HomeOf(t)  k == KeyOf(t)  b == Hash(k)  r == Found(n, k) IN
    /\ pc[t] = "insert"
    /\ blk' = [blk EXCEPT ![n][b] = Free]
    /\ IF ~InsertFails(n, k) \/ Variant = "overwrite"
         THEN /\ tbl' = TableAfterInsert(n, k, ReqV(t))
              /\ slot' = [slot EXCEPT ![t] = SlotAfterInsert(n, k)]
              /\ pc' = [pc EXCEPT ![t] = "wait"]
              /\ UNCHANGED <<buf, delivered>>
              /\ event' = Ev(t, "insert " \o ShowKey(k) \o " succeeds: posted, unlock", {})
         ELSE /\ slot' = [slot EXCEPT ![t] = SlotOf(n, b, k)]
              /\ UNCHANGED tbl
              \* line 14: copy the packet's data (a FIN carries none: RDMA wrote it)
              /\ buf' = IF r.data = -1 THEN buf ELSE [buf EXCEPT ![t] = r.data]
              /\ delivered' = [delivered EXCEPT ![k] = @ + 1]
              /\ pc' = [pc EXCEPT ![t] = "erase"]
              /\ event' = Ev(t, "insert " \o ShowKey(k) \o " fails: packet there, copy "
                                \o ToString(r.data) \o ", unlock", {})
    /\ UNCHANGED <<net, cur, target>> /\ unchangedWorkerSync

(* ThreadWait, "flag": the Completion protocol. *)
PublishWaiter(t) ==
    /\ Variant # "noflag"
    /\ pc[t] = "wait"
    /\ waiter' = [waiter EXCEPT ![t] = TRUE]
    /\ pc' = [pc EXCEPT ![t] = "check"]
    /\ event' = Ev(t, "wait: publish waiter", {})
    /\ UNCHANGED <<tbl, blk, net, slot, buf, cur, target, flag, permit, delivered>>
CheckFlag(t) ==
    /\ Variant # "noflag"
    /\ pc[t] = "check"
    /\ pc' = [pc EXCEPT ![t] = IF flag[t] THEN "erase" ELSE "parked"]
    /\ event' = Ev(t, IF flag[t] THEN "wait: already signalled, go on" ELSE "wait: flag clear, park", {})
    /\ UNCHANGED <<tbl, blk, net, slot, buf, cur, target, flag, waiter, permit, delivered>>
(* ThreadWait, "noflag": park at once. *)
ParkNoFlag(t) ==
    /\ Variant = "noflag"
    /\ pc[t] = "wait"
    /\ pc' = [pc EXCEPT ![t] = "parked"]
    /\ event' = Ev(t, "ThreadWait: park", {})
    /\ UNCHANGED <<tbl, blk, net, slot, buf, cur, target, flag, waiter, permit, delivered>>
(* A parked thread runs again only when it is unparked (consumes the permit). *)
Unpark(t) ==
    /\ pc[t] = "parked"
    /\ permit[t]
    /\ permit' = [permit EXCEPT ![t] = FALSE]
    /\ pc' = [pc EXCEPT ![t] = IF Variant # "noflag" THEN "check" ELSE "erase"]
    /\ event' = Ev(t, "wakes up", {})
    /\ UNCHANGED <<tbl, blk, net, slot, buf, cur, target, flag, waiter, delivered>>

Erase(t) ==        \* RECV-EAGER line 19: H.erase(k), one unlocked write to the slot
    LET n == HomeOf(t)  k == KeyOf(t)  b == Hash(k)  m == MsgOf(t) IN
    /\ pc[t] = "erase"
    /\ tbl' = [tbl EXCEPT ![n][b][slot[t]].val = Bot]
    /\ pc' = [pc EXCEPT ![t] = IF t = S(m) THEN "rdma" ELSE "done"]
    /\ event' = Ev(t, "empty " \o ShowKey(k), {})
    /\ UNCHANGED <<blk, net, slot, buf, cur, target, delivered>> /\ unchangedWorkerSync

Rdma(t) ==         \* rendezvous: write the data into R's buffer, then FIN on the data key
    LET m == MsgOf(t) IN
    /\ pc[t] = "rdma"
    /\ buf' = [buf EXCEPT ![R(m)] = Data(m)]
    /\ net' = [net EXCEPT !["rcv"] = @ \cup {PktV(DataKey(m), -1)}]
    /\ pc' = [pc EXCEPT ![t] = "done"]
    /\ event' = Ev(t, "RDMA data " \o ToString(Data(m)) \o " into " \o R(m) \o "'s buffer, send FIN", {R(m), Srv("rcv")})
    /\ UNCHANGED <<tbl, blk, slot, cur, target, delivered>> /\ unchangedWorkerSync

WorkerStep(t) == SendEager(t) \/ SendRtr(t) \/ LockBucket(t) \/ InsertReq(t) \/ PublishWaiter(t)
                 \/ CheckFlag(t) \/ ParkNoFlag(t) \/ Erase(t) \/ Rdma(t)

(* ---------------- Algorithm 2, communication servers --------------------- *)
SrvTake(s) ==
    LET n == NodeOfSrv(s) IN
    /\ pc[s] = "idle"
    /\ \E p \in net[n] :
         /\ cur' = [cur EXCEPT ![s] = p]
         /\ net' = [net EXCEPT ![n] = @ \ {p}]
         /\ event' = Ev(s, "packet " \o ShowKey(p.key) \o " arrives", {})
    /\ pc' = [pc EXCEPT ![s] = "lock"]
    /\ UNCHANGED <<tbl, blk, slot, buf, target, delivered>> /\ unchangedWorkerSync

SrvLock(s) ==
    LET n == NodeOfSrv(s)  b == Hash(cur[s].key) IN
    /\ pc[s] = "lock"
    /\ blk[n][b] = Free
    /\ blk' = [blk EXCEPT ![n][b] = s]
    /\ pc' = [pc EXCEPT ![s] = "insert"]
    /\ event' = Ev(s, "lock bucket " \o ToString(b), {})
    /\ UNCHANGED <<tbl, net, slot, buf, cur, target, delivered>> /\ unchangedWorkerSync

SrvInsert(s) ==    \* lines 4-10: v' = H.insert(k, p); on failure copy into r.b
    LET n == NodeOfSrv(s)  p == cur[s]  k == p.key  b == Hash(k)  r == Found(n, k) IN
    /\ pc[s] = "insert"
    /\ blk' = [blk EXCEPT ![n][b] = Free]
    /\ IF ~InsertFails(n, k) \/ Variant = "overwrite"
         THEN /\ tbl' = TableAfterInsert(n, k, p)
              /\ pc' = [pc EXCEPT ![s] = "idle"]
              /\ UNCHANGED <<buf, target, delivered>>
              /\ event' = Ev(s, "insert " \o ShowKey(k) \o " succeeds: unexpected, unlock", {})
         ELSE /\ UNCHANGED tbl
              /\ buf' = IF p.data = -1 THEN buf ELSE [buf EXCEPT ![r.thr] = p.data]
              /\ delivered' = [delivered EXCEPT ![k] = @ + 1]
              /\ target' = [target EXCEPT ![s] = r.thr]
              /\ pc' = [pc EXCEPT ![s] = "signal"]
              /\ event' = Ev(s, "insert " \o ShowKey(k) \o " fails: " \o r.thr \o " waits, copy "
                                \o ToString(p.data) \o ", unlock", {})
    /\ UNCHANGED <<net, slot, cur>> /\ unchangedWorkerSync

(* ThreadSignal(r.Gamma). "flag": set the flag, then unpark a published waiter. *)
SrvSignal(s) ==
    LET t == target[s] IN
    /\ pc[s] = "signal"
    /\ IF Variant # "noflag"
         THEN /\ flag' = [flag EXCEPT ![t] = TRUE]
              /\ pc' = [pc EXCEPT ![s] = "unpark"]
              /\ UNCHANGED permit
              /\ event' = Ev(s, "signal " \o t \o ": set flag", {t})
         ELSE /\ permit' = IF pc[t] = "parked" THEN [permit EXCEPT ![t] = TRUE] ELSE permit
              /\ pc' = [pc EXCEPT ![s] = "idle"]
              /\ UNCHANGED flag
              /\ event' = Ev(s, IF pc[t] = "parked" THEN "signal " \o t \o ": wake it"
                                ELSE "signal " \o t \o ": not parked yet, signal lost", {t})
    /\ UNCHANGED <<tbl, blk, net, slot, buf, cur, target, waiter, delivered>>
SrvUnpark(s) ==
    LET t == target[s] IN
    /\ pc[s] = "unpark"
    /\ permit' = IF waiter[t] THEN [permit EXCEPT ![t] = TRUE] ELSE permit
    /\ pc' = [pc EXCEPT ![s] = "idle"]
    /\ event' = Ev(s, IF waiter[t] THEN "unpark " \o t ELSE "no waiter published yet", {t})
    /\ UNCHANGED <<tbl, blk, net, slot, buf, cur, target, flag, waiter, delivered>>

ServerStep(s) == SrvTake(s) \/ SrvLock(s) \/ SrvInsert(s) \/ SrvSignal(s) \/ SrvUnpark(s)

AllDone == /\ \A t \in Workers : pc[t] = "done"
           /\ \A s \in Servers : pc[s] = "idle"
           /\ \A n \in Nodes : net[n] = {}
Terminated == AllDone /\ UNCHANGED vars

Next == \/ \E t \in Workers : WorkerStep(t) \/ Unpark(t)
        \/ \E s \in Servers : ServerStep(s)
        \/ Terminated

(* Fairness. WF on each worker's steps and on each server's steps: a      *)
(* runnable thread eventually runs; a spin lock is held for one step, so  *)
(* a spinning thread finds it free continuously after the holder moves on *)
(* (WF suffices). WF on Unpark(t): a parked thread with a permit is        *)
(* runnable. Nothing wakes a parked thread without a permit - that is     *)
(* exactly the lost wake-up.                                              *)
Spec == Init /\ [][Next]_vars
             /\ \A t \in Workers : WF_vars(WorkerStep(t)) /\ WF_vars(Unpark(t))
             /\ \A s \in Servers : WF_vars(ServerStep(s))

View == <<tbl, blk, net, pc, slot, buf, cur, target, flag, waiter, permit, delivered>>

-----------------------------------------------------------------------------
(* (3): a key occupies at most one slot. *)
KeyUnique == \A n \in Nodes, b \in Buckets : \A i, j \in 1..Len(tbl[n][b]) :
                 i # j => tbl[n][b][i].key # tbl[n][b][j].key

(* Every packet is matched to at most one receive (exactly one at the end). *)
DeliveredAtMostOnce == \A k \in Keys : delivered[k] <= 1
DeliveredExactlyOnce == AllDone => \A k \in Keys : delivered[k] = 1

(* A finished receive has the sender's data in its own buffer. *)
DataInBuffer == \A m \in Msgs : pc[R(m)] = "done" => buf[R(m)] = Data(m)

(* A packet that arrived for a posted request has a waiting thread to wake. *)
Arrived(t) == delivered[KeyOf(t)] = 1
NoLostWakeup == \A t \in Workers : (pc[t] = "parked" /\ Arrived(t)) ~> (pc[t] # "parked")

Termination == <>AllDone

(* Refinement: the table as an atomic map (AtomicMap.tla). *)
AbsMap == [k \in Keys |-> LET n == NodeOf(k)  b == Hash(k)  i == SlotOf(n, b, k) IN
                          IF i = 0 THEN Bot ELSE tbl[n][b][i].val]
AM == INSTANCE AtomicMap WITH map <- AbsMap
RefinesAtomicMap == AM!Spec
=============================================================================
