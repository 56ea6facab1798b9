------------------------------ MODULE MatchTable ------------------------------
(***************************************************************************)
(* Message matching through the concurrent hash table, eager and          *)
(* rendezvous, with ThreadWait/ThreadSignal.                               *)
(*                                                                         *)
(* Paper: H.-V. Dang, M. Snir, W. Gropp, "Towards millions of communicating*)
(*   threads": §2.2 (H.insert/H.empty, equations (1)-(3)), Algorithm 1     *)
(*   (worker: RECV-EAGER), Algorithm 2 (communication server), §2.2.2      *)
(*   (rendezvous: RTR then RDMA), §3.1 (ThreadWait/ThreadSignal on a       *)
(*   scheduler bit, and the per-request "already signalled" flag), §3.2    *)
(*   (a spin lock per bucket; empty is a single unlocked write).           *)
(*                                                                         *)
(* Java: org.mpiverify.core.matching.MatchTable (buckets, spin lock per    *)
(*   bucket, insert = lock, scan for the key remembering the first free    *)
(*   entry, store or return the value found, unlock; Entry.empty() is one  *)
(*   release store), used by HashMatchingEngine; org.mpiverify.core.       *)
(*   request.Completion (the flag, the published waiter, LockSupport's     *)
(*   permit) is ThreadWait/ThreadSignal with §3.1's flag.                  *)
(*                                                                         *)
(* Two nodes: "snd" sends every message of Msgs to "rcv". Each node has a  *)
(* table and a communication server that runs Algorithm 2 on each packet   *)
(* the network brings. Receiver[m] is the thread that receives m: a thread *)
(* with several messages posts all its receives (RECV-EAGER's insert, no   *)
(* wait) and then waits for them in order, as MPI_Waitall. For an eager    *)
(* message, sender S<m> posts the packet; for "rndv", the receiver first   *)
(* sends an RTR (its buffer) to the sender's node, S<m> receives it by     *)
(* RECV-EAGER on key <<1, m>> in its own table, writes the data into the   *)
(* receiver's buffer (RDMA) and sends a FIN on <<0, m>>, which the         *)
(* receiver matches like an eager packet.                                  *)
(*                                                                         *)
(* insert(k, v) is four steps of the caller, as in the Java: take the      *)
(* bucket's spin lock; scan the bucket (a sequence of slots [key, val],    *)
(* abstracting the 3-entry lines and their chain) for k holding a value,   *)
(* remembering the first free slot; if none, store (k, v) there; unlock.   *)
(* The caller's got[x] is what insert returned, set at the linearization   *)
(* point (the read of the value found, or the store). Only the lock makes  *)
(* scan-then-store atomic (the mutant NoLockCanLock removes it).           *)
(*                                                                         *)
(* ThreadWait/ThreadSignal (§3.1, Algorithm 4; module ThreadWaitSignal,   *)
(* which this spec instances as TW): a thread's scheduler bit             *)
(* bit[t] is set by ThreadSignal and stays set until the scheduler runs    *)
(* the thread (LockSupport's permit behaves the same: an unpark before the *)
(* park makes the park return). Two signals before one wait are one; a     *)
(* wait after its signal was consumed sleeps forever. So a request has the *)
(* flag: wait = publish the waiter; while the flag is clear, park (and     *)
(* re-check after every wake-up); signal = set the flag, then set the bit  *)
(* if a waiter is published. The mutant NoFlag (MatchTableMutants) is      *)
(* Algorithm 4 alone, and loses the second wake-up of a Waitall.           *)
(***************************************************************************)
EXTENDS Integers, Sequences, FiniteSets, TLC

CONSTANTS Msgs,        \* message ids, a set of positive integers
          Kind,        \* [Msgs -> {"eager", "rndv"}]
          Receiver,    \* [Msgs -> thread name]   the thread that receives m
          NumBuckets   \* buckets per table (1 forces every key into one bucket)

Bot == [kind |-> "bot"]
NoRet == [kind |-> "none"]
Free == "free"
Nodes == {"snd", "rcv"}
S(m) == "S" \o ToString(m)
Srv(n) == "server@" \o n
Servers == {Srv(n) : n \in Nodes}
NodeOfSrv(s) == IF s = Srv("snd") THEN "snd" ELSE "rcv"
Receivers == {Receiver[m] : m \in Msgs}
Workers == Receivers \cup {S(m) : m \in Msgs}
Callers == Workers \cup Servers
Data(m) == 10 * m
Min(X) == CHOOSE x \in X : \A y \in X : x <= y

DataKey(m) == <<0, m>>
RtrKey(m) == <<1, m>>
Keys == {DataKey(m) : m \in Msgs} \cup {RtrKey(m) : m \in {x \in Msgs : Kind[x] = "rndv"}}
NodeOf(k) == IF k[1] = 0 THEN "rcv" ELSE "snd"
Hash(k) == (k[1] + k[2]) % NumBuckets
Buckets == 0..(NumBuckets - 1)
MsgOfKey(k) == k[2]
Owner(k) == IF k[1] = 0 THEN Receiver[k[2]] ELSE S(k[2])

RECURSIVE DataKeysInOrder(_)
DataKeysInOrder(X) == IF X = {} THEN <<>> ELSE <<DataKey(Min(X))>> \o DataKeysInOrder(X \ {Min(X)})
(* The receives a worker posts, in order. *)
PostKeys(t) ==
    IF t \in Receivers
      THEN DataKeysInOrder({m \in Msgs : Receiver[m] = t})
      ELSE IF Kind[CHOOSE m \in Msgs : t = S(m)] = "rndv"
             THEN <<RtrKey(CHOOSE m \in Msgs : t = S(m))>> ELSE <<>>
SenderMsg(t) == CHOOSE m \in Msgs : t = S(m)

(* Values stored in the table: a posted request of key k, or a packet. *)
ReqV(k) == [kind |-> "req", key |-> k]
PktV(k, d) == [kind |-> "pkt", key |-> k, data |-> d]
Packets == {PktV(k, d) : k \in Keys, d \in {Data(m) : m \in Msgs} \cup {0, -1}}
  \* packet data: the eager payload, the receiver's buffer (0, in an RTR), or -1 (a FIN: no payload)
Values == {ReqV(k) : k \in Keys} \cup Packets
NoPkt == PktV(<<0, 0>>, 0)

VARIABLES
    tbl,       \* [Nodes -> [Buckets -> Seq([key, val])]]
    blk,       \* [Nodes -> [Buckets -> Callers \cup {Free}]]  bucket spin locks
    net,       \* [Nodes -> SUBSET Packets]   packets in flight to each node
    pc,        \* [Callers -> label]
    ix,        \* [Workers -> Nat]  the receive being posted (index into PostKeys)
    wx,        \* [Workers -> Nat]  the receive being waited for
    fslot,     \* [Callers -> Nat]  the free slot the scan found (its store goes there)
    slot,      \* [Keys -> Nat]     the slot holding the key's value (for the single-write empty)
    got,       \* [Callers -> Values \cup {NoRet}]  what the caller's last insert returned
    posted,    \* [Keys -> BOOLEAN] the receive's insert succeeded: it must be waited for
    buf,       \* [Msgs -> Int]     the receive buffer of each message
    cur,       \* [Servers -> packet] the packet a server is handling
    flag,      \* [Keys -> BOOLEAN] Completion: "already signalled"
    waiter,    \* [Keys -> BOOLEAN] Completion: waiter published
    bit,       \* [Workers -> BOOLEAN] the scheduler bit / LockSupport permit
    delivered, \* [Keys -> Nat]     how many times the packet on key k was matched
    event

vars == <<tbl, blk, net, pc, ix, wx, fslot, slot, got, posted, buf, cur, flag, waiter, bit, delivered, event>>

(* ThreadWait/ThreadSignal with the flag, on pc, flag, waiter and bit. *)
TW == INSTANCE ThreadWaitSignal

Ev(who, what, peers) == [who |-> who, what |-> what, peers |-> peers]
ShowKey(k) == IF k[1] = 0 THEN "msg" \o ToString(k[2]) ELSE "rtr" \o ToString(k[2])

(* Where posting receive i of t starts: a rendezvous receive sends its RTR first. *)
StartLabel(t, i) == IF t \in Receivers /\ Kind[MsgOfKey(PostKeys(t)[i])] = "rndv" THEN "rtr" ELSE "lock"
(* After its waits: a rendezvous sender writes the data (RDMA). *)
AfterWaits(t) == IF t \notin Receivers /\ Kind[SenderMsg(t)] = "rndv" THEN "rdma" ELSE "done"
FirstLabel(x) ==
    IF x \in Servers THEN "idle"
    ELSE IF x \notin Receivers /\ Kind[SenderMsg(x)] = "eager" THEN "send"
    ELSE StartLabel(x, 1)

Init ==
    /\ tbl = [n \in Nodes |-> [b \in Buckets |-> <<>>]]
    /\ blk = [n \in Nodes |-> [b \in Buckets |-> Free]]
    /\ net = [n \in Nodes |-> {}]
    /\ pc = [x \in Callers |-> FirstLabel(x)]
    /\ ix = [t \in Workers |-> 1]
    /\ wx = [t \in Workers |-> 0]
    /\ fslot = [x \in Callers |-> 0]
    /\ slot = [k \in Keys |-> 0]
    /\ got = [x \in Callers |-> NoRet]
    /\ posted = [k \in Keys |-> FALSE]
    /\ buf = [m \in Msgs |-> 0]
    /\ cur = [s \in Servers |-> NoPkt]
    /\ flag = [k \in Keys |-> FALSE]
    /\ waiter = [k \in Keys |-> FALSE]
    /\ bit = [t \in Workers |-> FALSE]
    /\ delivered = [k \in Keys |-> 0]
    /\ event = Ev("", "init", {})

(* ---------------- the table: insert as lock, scan, store, unlock -------- *)
KeyOf(x) == IF x \in Servers THEN cur[x].key ELSE PostKeys(x)[ix[x]]
NodeOfCaller(x) == IF x \in Servers THEN NodeOfSrv(x) ELSE NodeOf(KeyOf(x))
ValueOf(x) == IF x \in Servers THEN cur[x] ELSE ReqV(KeyOf(x))

(* The spin lock of bucket b of node n can be taken. *)
CanLock(n, b) == blk[n][b] = Free

Lock(x) ==
    LET n == NodeOfCaller(x)  b == Hash(KeyOf(x)) IN
    /\ pc[x] = "lock"
    /\ CanLock(n, b)
    /\ blk' = [blk EXCEPT ![n][b] = x]
    /\ pc' = [pc EXCEPT ![x] = "scan"]
    /\ event' = Ev(x, "lock bucket " \o ToString(b) \o " for " \o ShowKey(KeyOf(x)), {})
    /\ UNCHANGED <<tbl, net, ix, wx, fslot, slot, got, posted, buf, cur, flag, waiter, bit, delivered>>

(* Index of the slot of bucket b of node n that holds key k with a value (0 if none). *)
Holding(n, b, k) == LET is == {i \in 1..Len(tbl[n][b]) : tbl[n][b][i].key = k /\ tbl[n][b][i].val # Bot}
                    IN IF is = {} THEN 0 ELSE Min(is)
(* The first free slot (value Bot), or a new one at the end. *)
FirstFree(n, b) == LET is == {i \in 1..Len(tbl[n][b]) : tbl[n][b][i].val = Bot}
                   IN IF is = {} THEN Len(tbl[n][b]) + 1 ELSE Min(is)

(* Scan: if k holds v', insert returns v' (linearization point of a failed *)
(* insert); else remember the first free slot.                             *)
Scan(x) ==
    LET n == NodeOfCaller(x)  k == KeyOf(x)  b == Hash(k)  h == Holding(n, b, k) IN
    /\ pc[x] = "scan"
    /\ IF h # 0
         THEN /\ got' = [got EXCEPT ![x] = tbl[n][b][h].val]
              /\ slot' = [slot EXCEPT ![k] = h]
              /\ pc' = [pc EXCEPT ![x] = "unlock"]
              /\ UNCHANGED fslot
              /\ event' = Ev(x, "scan: " \o ShowKey(k) \o " holds a value, insert fails", {})
         ELSE /\ fslot' = [fslot EXCEPT ![x] = FirstFree(n, b)]
              /\ pc' = [pc EXCEPT ![x] = "store"]
              /\ UNCHANGED <<got, slot>>
              /\ event' = Ev(x, "scan: " \o ShowKey(k) \o " holds nothing, free slot "
                                \o ToString(FirstFree(n, b)), {})
    /\ UNCHANGED <<tbl, blk, net, ix, wx, posted, buf, cur, flag, waiter, bit, delivered>>

(* Store (k, v) in the slot found: insert returns v (linearization point of a successful insert). *)
Store(x) ==
    LET n == NodeOfCaller(x)  k == KeyOf(x)  b == Hash(k)  i == fslot[x]  v == ValueOf(x) IN
    /\ pc[x] = "store"
    /\ tbl' = [tbl EXCEPT ![n][b] = IF i > Len(@) THEN Append(@, [key |-> k, val |-> v])
                                                 ELSE [@ EXCEPT ![i] = [key |-> k, val |-> v]]]
    /\ got' = [got EXCEPT ![x] = v]
    /\ slot' = [slot EXCEPT ![k] = i]
    /\ pc' = [pc EXCEPT ![x] = "unlock"]
    /\ event' = Ev(x, "store " \o ShowKey(k) \o " in slot " \o ToString(i) \o ": insert succeeds", {})
    /\ UNCHANGED <<blk, net, ix, wx, fslot, posted, buf, cur, flag, waiter, bit, delivered>>

(* Algorithms 1 and 2 branch on insert's result: "if v' # v". *)
InsertSucceeded(x) == got[x] = ValueOf(x)

(* Line 14 / line 6: copy a data packet's payload into its receive buffer. *)
(* A FIN carries none (the RDMA wrote it); an RTR's goes to the sender's   *)
(* request, which is not modelled.                                         *)
CopyPayload(k, d) == IF k[1] = 1 \/ d = -1 THEN buf ELSE [buf EXCEPT ![k[2]] = d]

(* ---------------- Algorithm 1: RECV-EAGER, posted without waiting -------- *)
(* Next receive to post, or the first posted one to wait for. *)
NextPosted(t, from, post) ==
    LET js == {j \in from..Len(PostKeys(t)) : post[PostKeys(t)[j]]} IN IF js = {} THEN 0 ELSE Min(js)
AfterPost(t, post) ==
    IF ix[t] < Len(PostKeys(t))
      THEN /\ ix' = [ix EXCEPT ![t] = @ + 1]
           /\ pc' = [pc EXCEPT ![t] = StartLabel(t, ix[t] + 1)]
           /\ UNCHANGED wx
      ELSE LET j == NextPosted(t, 1, post) IN
           /\ UNCHANGED ix
           /\ wx' = [wx EXCEPT ![t] = j]
           /\ pc' = [pc EXCEPT ![t] = IF j = 0 THEN AfterWaits(t) ELSE "wait"]

SendRtr(t) ==
    LET m == MsgOfKey(KeyOf(t)) IN
    /\ pc[t] = "rtr"
    /\ net' = [net EXCEPT !["snd"] = @ \cup {PktV(RtrKey(m), 0)}]
    /\ pc' = [pc EXCEPT ![t] = "lock"]
    /\ event' = Ev(t, "send RTR for msg" \o ToString(m), {Srv("snd")})
    /\ UNCHANGED <<tbl, blk, ix, wx, fslot, slot, got, posted, buf, cur, flag, waiter, bit, delivered>>

(* Unlock; a posted receive is waited for later; a receive that found its  *)
(* packet copies it (line 14) and empties the key (line 19).              *)
WorkerUnlock(t) ==
    LET k == KeyOf(t)  n == NodeOf(k)  v == got[t] IN
    /\ pc[t] = "unlock"
    /\ blk' = [blk EXCEPT ![n][Hash(k)] = Free]
    /\ IF InsertSucceeded(t)
         THEN /\ posted' = [posted EXCEPT ![k] = TRUE]
              /\ AfterPost(t, posted')
              /\ UNCHANGED <<buf, delivered, flag>>
              /\ event' = Ev(t, "unlock: " \o ShowKey(k) \o " posted", {})
         ELSE /\ buf' = IF v.kind = "pkt" THEN CopyPayload(k, v.data) ELSE buf
              /\ delivered' = [delivered EXCEPT ![k] = @ + (IF v.kind = "pkt" THEN 1 ELSE 0)]
              /\ flag' = [flag EXCEPT ![k] = TRUE]
              /\ pc' = [pc EXCEPT ![t] = "erase"]
              /\ UNCHANGED <<posted, ix, wx>>
              /\ event' = Ev(t, "unlock: packet " \o ShowKey(k) \o " was there, copy it", {})
    /\ UNCHANGED <<tbl, net, fslot, slot, got, cur, waiter, bit>>

(* H.empty(k) as one unlocked write to the slot insert returned (§3.2). *)
EmptySlot(k) == tbl' = [tbl EXCEPT ![NodeOf(k)][Hash(k)][slot[k]].val = Bot]

EraseAfterCopy(t) ==
    /\ pc[t] = "erase"
    /\ EmptySlot(KeyOf(t))
    /\ AfterPost(t, posted)
    /\ event' = Ev(t, "empty " \o ShowKey(KeyOf(t)), {})
    /\ UNCHANGED <<blk, net, fslot, slot, got, posted, buf, cur, flag, waiter, bit, delivered>>

(* ---------------- Waitall: ThreadWait with §3.1's flag (Completion) ------ *)
WaitKey(t) == PostKeys(t)[wx[t]]

Publish(t) ==
    /\ TW!Publish(t, WaitKey(t))
    /\ event' = Ev(t, "wait " \o ShowKey(WaitKey(t)) \o ": publish waiter", {})
    /\ UNCHANGED <<tbl, blk, net, ix, wx, fslot, slot, got, posted, buf, cur, delivered>>

Check(t) ==
    /\ TW!Check(t, WaitKey(t), "werase")
    /\ event' = Ev(t, IF flag[WaitKey(t)] THEN "flag set: go on" ELSE "flag clear: park", {})
    /\ UNCHANGED <<tbl, blk, net, ix, wx, fslot, slot, got, posted, buf, cur, delivered>>

(* Where a thread goes when the scheduler runs it again. *)
AfterWake == "check"

(* The scheduler runs a parked thread whose bit is set, and clears the bit. *)
Wake(t) ==
    /\ TW!Wake(t, AfterWake)
    /\ event' = Ev(t, "scheduled again (bit consumed)", {})
    /\ UNCHANGED <<tbl, blk, net, ix, wx, fslot, slot, got, posted, buf, cur, delivered>>

(* Line 19 after the wait; then the next posted receive, or the end. *)
EraseAfterWait(t) ==
    LET j == NextPosted(t, wx[t] + 1, posted) IN
    /\ pc[t] = "werase"
    /\ EmptySlot(WaitKey(t))
    /\ wx' = [wx EXCEPT ![t] = IF j = 0 THEN @ ELSE j]
    /\ pc' = [pc EXCEPT ![t] = IF j = 0 THEN AfterWaits(t) ELSE "wait"]
    /\ event' = Ev(t, "empty " \o ShowKey(WaitKey(t)), {})
    /\ UNCHANGED <<blk, net, ix, fslot, slot, got, posted, buf, cur, flag, waiter, bit, delivered>>

(* ---------------- senders ------------------------------------------------ *)
SendEager(t) ==
    LET m == SenderMsg(t) IN
    /\ pc[t] = "send"
    /\ net' = [net EXCEPT !["rcv"] = @ \cup {PktV(DataKey(m), Data(m))}]
    /\ pc' = [pc EXCEPT ![t] = "done"]
    /\ event' = Ev(t, "send-eager msg" \o ToString(m) \o " data " \o ToString(Data(m)), {Srv("rcv")})
    /\ UNCHANGED <<tbl, blk, ix, wx, fslot, slot, got, posted, buf, cur, flag, waiter, bit, delivered>>

Rdma(t) ==
    LET m == SenderMsg(t) IN
    /\ pc[t] = "rdma"
    /\ buf' = [buf EXCEPT ![m] = Data(m)]
    /\ net' = [net EXCEPT !["rcv"] = @ \cup {PktV(DataKey(m), -1)}]
    /\ pc' = [pc EXCEPT ![t] = "done"]
    /\ event' = Ev(t, "RDMA data " \o ToString(Data(m)) \o " into " \o Receiver[m] \o "'s buffer, send FIN",
                  {Receiver[m], Srv("rcv")})
    /\ UNCHANGED <<tbl, blk, ix, wx, fslot, slot, got, posted, cur, flag, waiter, bit, delivered>>

WorkerStep(t) == SendEager(t) \/ SendRtr(t) \/ Lock(t) \/ Scan(t) \/ Store(t) \/ WorkerUnlock(t)
                 \/ EraseAfterCopy(t) \/ Publish(t) \/ Check(t) \/ Wake(t) \/ EraseAfterWait(t) \/ Rdma(t)

(* ---------------- Algorithm 2: the communication servers ----------------- *)
SrvTake(s) ==
    LET n == NodeOfSrv(s) IN
    /\ pc[s] = "idle"
    /\ \E p \in net[n] :
         /\ cur' = [cur EXCEPT ![s] = p]
         /\ net' = [net EXCEPT ![n] = @ \ {p}]
         /\ event' = Ev(s, "packet " \o ShowKey(p.key) \o " arrives", {})
    /\ pc' = [pc EXCEPT ![s] = "lock"]
    /\ UNCHANGED <<tbl, blk, ix, wx, fslot, slot, got, posted, buf, flag, waiter, bit, delivered>>

(* Unlock; on a failed insert the request is there: copy into its buffer (line 6). *)
SrvUnlock(s) ==
    LET k == cur[s].key  n == NodeOfSrv(s)  v == got[s] IN
    /\ pc[s] = "unlock"
    /\ blk' = [blk EXCEPT ![n][Hash(k)] = Free]
    /\ IF InsertSucceeded(s)
         THEN /\ pc' = [pc EXCEPT ![s] = "idle"]
              /\ UNCHANGED <<buf, delivered>>
              /\ event' = Ev(s, "unlock: " \o ShowKey(k) \o " unexpected, stored", {})
         ELSE /\ buf' = CopyPayload(k, cur[s].data)
              /\ delivered' = [delivered EXCEPT ![k] = @ + 1]
              /\ pc' = [pc EXCEPT ![s] = "signal"]
              /\ event' = Ev(s, "unlock: " \o Owner(k) \o " waits for " \o ShowKey(k) \o ", copy", {})
    /\ UNCHANGED <<tbl, net, ix, wx, fslot, slot, got, posted, cur, flag, waiter, bit>>

(* ThreadSignal with the flag: set it, then wake a published waiter. *)
Signal(s) ==
    LET k == cur[s].key IN
    /\ TW!Signal(s, k)
    /\ event' = Ev(s, "signal " \o Owner(k) \o ": set the flag of " \o ShowKey(k), {Owner(k)})
    /\ UNCHANGED <<tbl, blk, net, ix, wx, fslot, slot, got, posted, buf, cur, delivered>>
SrvUnpark(s) ==
    LET k == cur[s].key IN
    /\ TW!Unpark(s, k, Owner(k))
    /\ event' = Ev(s, IF waiter[k] THEN "unpark " \o Owner(k) ELSE "no waiter published yet", {Owner(k)})
    /\ UNCHANGED <<tbl, blk, net, ix, wx, fslot, slot, got, posted, buf, cur, delivered>>

ServerStep(s) == SrvTake(s) \/ Lock(s) \/ Scan(s) \/ Store(s) \/ SrvUnlock(s) \/ Signal(s) \/ SrvUnpark(s)

AllDone == /\ \A t \in Workers : pc[t] = "done"
           /\ \A s \in Servers : pc[s] = "idle"
           /\ \A n \in Nodes : net[n] = {}
Terminated == AllDone /\ UNCHANGED vars

Next == \/ \E t \in Workers : WorkerStep(t)
        \/ \E s \in Servers : ServerStep(s)
        \/ Terminated

(* Fairness: WF on each worker's and each server's steps: a runnable       *)
(* thread eventually runs; a spin lock is held for a few steps of a thread *)
(* that then releases it, so a spinner finds it free continuously (WF      *)
(* suffices). A parked thread runs (Wake) only when its bit is set:        *)
(* nothing wakes a thread without a signal - exactly the lost wake-up.     *)
Spec == Init /\ [][Next]_vars
             /\ \A t \in Workers : WF_vars(WorkerStep(t))
             /\ \A s \in Servers : WF_vars(ServerStep(s))

View == <<tbl, blk, net, pc, ix, wx, fslot, slot, got, posted, buf, cur, flag, waiter, bit, delivered>>

-----------------------------------------------------------------------------
(* (3): a key holds at most one value: no two slots with a value share a key. *)
KeyUnique == \A n \in Nodes, b \in Buckets : \A i, j \in 1..Len(tbl[n][b]) :
                 (i # j /\ tbl[n][b][i].val # Bot /\ tbl[n][b][j].val # Bot) => tbl[n][b][i].key # tbl[n][b][j].key

(* At the end every packet was matched to exactly one receive. *)
DeliveredExactlyOnce == AllDone => \A k \in Keys : delivered[k] = 1

(* A packet is never matched twice, at any time (MPI-3.1 §3.5: a message   *)
(* is received by at most one receive), not only at the end.             *)
MatchedAtMostOnce == \A k \in Keys : delivered[k] <= 1

(* A finished receive has the sender's data in its buffer. *)
DataInBuffer == \A m \in Msgs : pc[Receiver[m]] = "done" => buf[m] = Data(m)

(* A thread parked for a receive whose packet has been matched runs again. *)
NoLostWakeup == \A t \in Workers : (pc[t] = "park" /\ delivered[WaitKey(t)] = 1) ~> (pc[t] # "park")

Termination == <>AllDone

(* Refinement: the table with its callers' return values is an AtomicMap. *)
AbsMap == [k \in Keys |-> LET n == NodeOf(k)  b == Hash(k)  i == Holding(n, b, k) IN
                          IF i = 0 THEN Bot ELSE tbl[n][b][i].val]
AM == INSTANCE AtomicMap WITH map <- AbsMap, ret <- got
RefinesAtomicMap == AM!Spec

(* Once every receive has completed and every packet was handled, the table (as the map it refines) *)
(* holds nothing: no receive waits and no packet is unexpected, as MPI's matching state is empty    *)
(* after every message has been received. A value left behind (a matched entry never emptied, Alg.   *)
(* 1 line 19) would be matched by the next receive or packet with the same key: a stale or double    *)
(* delivery that the keys of one run, each used once, would never show.                             *)
NothingLeft == AllDone => \A k \in Keys : AbsMap[k] = Bot
=============================================================================
