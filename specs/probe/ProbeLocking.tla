----------------------------- MODULE ProbeLocking -----------------------------
(***************************************************************************)
(* Thread-safe probe/receive in MPI-2.2 by sparse two-dimensional locking. *)
(*                                                                         *)
(* Paper: T. Hoefler et al., "Efficient MPI Support for Advanced Hybrid    *)
(*   Programming Models", §2.1: Listing 1.2 (lock the 2d_sparse_map),      *)
(*   Listings 1.3/1.4 (the program: rank 0 sends tag 1, waits for a reply, *)
(*   sends tag 2; rank 1 thread A receives (0, 2), thread B receives       *)
(*   (0, ANY_TAG) and replies), Listing 1.5 (the polling protocol).        *)
(*                                                                         *)
(* Java: bench's org.mpiverify.bench.kernel.ReceiveMethod.TWO_D            *)
(*   (pollUnderLocks: ProbeLockMap.lock, Comm.iprobe, Comm.irecv with the  *)
(*   probed source and tag, unlock, wait) over org.mpiverify.mpi.Comm's     *)
(*   iprobe/irecv and the MatchingEngine's peek and matchOrPost; the       *)
(*   blocking variant is the paper's (no Java: it deadlocks).              *)
(*                                                                         *)
(* The program is a constant: rank 1's threads each receive one message    *)
(* of unknown size (Request[t], either field may be Wild); rank 0 sends    *)
(* Sends in order, and after ReplyAfter of them waits for the reply that   *)
(* thread Replier sends once it has received. Listings 1.3/1.4 are         *)
(* Request = [A |-> (0, 2), B |-> (0, ANY)], two sends, ReplyAfter = 1,    *)
(* Replier = B: no false match is possible there (tag 2 is sent only after *)
(* B has received tag 1), so the models of the race use a second program: *)
(* A (0, ANY) and B (0, 1) with two tag-1 messages of different sizes.     *)
(*                                                                         *)
(* Each call is a step of its own, as in the Java: lock the map entry,     *)
(* probe (MPI_Probe blocks until a message matches; Listing 1.5's          *)
(* MPI_Iprobe may find nothing), recv with the probed source and tag (the  *)
(* earliest queued message with that envelope; it blocks until there is    *)
(* one), unlock. Between the probe and the recv another thread may run:   *)
(* that is the false match of §2, and the map lock is what keeps every     *)
(* overlapping probe/recv pair out of that window. The lock of Listing    *)
(* 1.2 succeeds exactly when no held entry overlaps the request: (s, t)    *)
(* and (s', t') overlap iff the sources are equal or one is ANY, and the   *)
(* tags are equal or one is ANY. The check-and-lock is itself a critical   *)
(* region ("protected with locks itself"), so it is one step here. A       *)
(* thread queues its request; it is granted when no held entry overlaps   *)
(* and no overlapping request queued before it waits (first come, first   *)
(* served among overlapping requests, as ProbeLockMap's read-write lock).  *)
(*   Variant "blocking": lock; blocking probe; recv; unlock (Listing 1.1   *)
(*     extended by Listing 1.2). TLC must find the spurious deadlock.      *)
(*   Variant "polling": Listing 1.5: lock; iprobe; if found recv; unlock;  *)
(*     repeat until found.                                                 *)
(*                                                                         *)
(* The promise: the protocol makes probe + recv a matched probe (Hoefler   *)
(* §2.1: "correct and parallel message reception"), so it refines          *)
(* MpiProbe's mprobe program: the probe that finds m under the lock is the *)
(* match (m leaves the pending set), the recv that follows is mrecv, which *)
(* must receive exactly m. The program of Listings 1.3/1.4 must also      *)
(* terminate (§2.1: "This program must terminate in a correct MPI          *)
(* implementation").                                                       *)
(***************************************************************************)
EXTENDS Integers, Sequences, FiniteSets, TLC

CONSTANTS Variant, Wild,
          Request,     \* [rank 1's threads -> [src, tag]] each thread's receive
          Sends,       \* Seq([tag, size]) what rank 0 sends to rank 1, in order
          ReplyAfter,  \* rank 0 waits for the reply after this many sends (0: never)
          Replier      \* the thread of rank 1 that replies after its receive ("none": none)
ASSUME Variant \in {"blocking", "polling"}

Rank1Threads == DOMAIN Request
Msg(k) == [src |-> 0, seq |-> k, tag |-> Sends[k].tag, size |-> Sends[k].size]
NoMsg == [src |-> -1, seq |-> 0, tag |-> -1, size |-> 0]
Reply == [src |-> 1, tag |-> 1]

Overlap(r1, r2) == /\ r1.src = r2.src \/ r1.src = Wild \/ r2.src = Wild
                   /\ r1.tag = r2.tag \/ r1.tag = Wild \/ r2.tag = Wild

Matches(m, r) == /\ r.src = Wild \/ r.src = m.src
                 /\ r.tag = Wild \/ r.tag = m.tag

VARIABLES
    held,    \* set of requests locked in rank 1's 2d_sparse_map
    queue,   \* Seq(thread) requests waiting for the map, in arrival order
    sent0,   \* how many of Sends rank 0 has sent
    to0,     \* the reply, once sent and not yet received by rank 0
    replied, \* rank 0 has received the reply
    to1,     \* messages delivered to rank 1, not yet received (a set of records)
    pc,      \* [rank 1's threads -> label]
    probed,  \* [rank 1's threads -> message] what the thread's probe returned
    got,     \* [rank 1's threads -> Seq(message)] what it received
    want,    \* [rank 1's threads -> Seq(message)] what it had probed before each receive
    log,     \* history: Seq([m, r]) every message a probe found under the lock, with the request
    event

vars == <<held, queue, sent0, to0, replied, to1, pc, probed, got, want, log, event>>

Ev(who, what, peers) == [who |-> who, what |-> what, peers |-> peers]
Show(r) == "(" \o (IF r.src = Wild THEN "ANY" ELSE ToString(r.src)) \o ", "
               \o (IF r.tag = Wild THEN "ANY" ELSE ToString(r.tag)) \o ")"
ShowMsg(m) == "#" \o ToString(m.seq) \o "(tag " \o ToString(m.tag) \o ", size " \o ToString(m.size) \o ")"

Init == /\ held = {}
        /\ queue = <<>>
        /\ sent0 = 0
        /\ to0 = {}
        /\ replied = FALSE
        /\ to1 = {}
        /\ pc = [t \in Rank1Threads |-> "lock"]
        /\ probed = [t \in Rank1Threads |-> NoMsg]
        /\ got = [t \in Rank1Threads |-> <<>>]
        /\ want = [t \in Rank1Threads |-> <<>>]
        /\ log = <<>>
        /\ event = Ev("", "init", {})

(* ---------------- rank 0 (Listing 1.3), single-threaded --------------- *)
WaitsForReply == Replier # "none" /\ sent0 = ReplyAfter /\ ~replied

R0Send == /\ sent0 < Len(Sends)
          /\ ~WaitsForReply
          /\ to1' = to1 \cup {Msg(sent0 + 1)}
          /\ sent0' = sent0 + 1
          /\ event' = Ev("rank0", "send(to 1, tag " \o ToString(Sends[sent0 + 1].tag) \o ", size "
                                  \o ToString(Sends[sent0 + 1].size) \o ")", {"rank1"})
          /\ UNCHANGED <<held, queue, to0, replied, pc, probed, got, want, log>>
R0Recv == /\ Reply \in to0
          /\ to0' = to0 \ {Reply}
          /\ replied' = TRUE
          /\ event' = Ev("rank0", "recv(from 1, tag 1) completes", {})
          /\ UNCHANGED <<held, queue, sent0, to1, pc, probed, got, want, log>>
Rank0 == R0Send \/ R0Recv

(* ---------------- rank 1 (Listing 1.4) --------------------------------- *)
Lane(t) == "rank1." \o t
Keep(t) == UNCHANGED <<sent0, to0, replied, probed, got, want, log>>

(* Listing 1.2: ask for the map entry of the thread's request. *)
Ask(t) == /\ pc[t] = "lock"
          /\ queue' = Append(queue, t)
          /\ pc' = [pc EXCEPT ![t] = "queued"]
          /\ event' = Ev(Lane(t), "asks for 2d map " \o Show(Request[t]), {})
          /\ UNCHANGED <<held, to1>>
          /\ Keep(t)

Position(t) == CHOOSE i \in 1..Len(queue) : queue[i] = t
(* Granted in arrival order among overlapping requests. *)
MayAcquire(t) == \A i \in 1..(Position(t) - 1) : ~Overlap(Request[queue[i]], Request[t])

Lock(t) == /\ pc[t] = "queued"
           /\ \A h \in held : ~Overlap(h, Request[t])
           /\ MayAcquire(t)
           /\ held' = held \cup {Request[t]}
           /\ queue' = SelectSeq(queue, LAMBDA x : x # t)
           /\ pc' = [pc EXCEPT ![t] = "probe"]
           /\ event' = Ev(Lane(t), "locks 2d map " \o Show(Request[t]), {})
           /\ UNCHANGED to1
           /\ Keep(t)

(* A queued message matches r; m is the earliest queued message that matches r (one sender: the     *)
(* lowest seq). The steps below take an m that IsEarliest, not a CHOOSE, whose pick TLC fixes and    *)
(* the spec would not.                                                                               *)
Found(r) == \E m \in to1 : Matches(m, r)
IsEarliest(m, r) == /\ Matches(m, r)
                    /\ \A m2 \in to1 : Matches(m2, r) => m.seq <= m2.seq

(* The map entries held after a probe found its message: all of them, until the unlock. *)
HeldAfterProbe(t) == held

(* The probe finds a message: MPI_Probe (blocking: enabled only then) or an MPI_Iprobe that finds. *)
ProbeFinds(t) ==
    /\ pc[t] = "probe"
    /\ \E m \in to1 :
         /\ IsEarliest(m, Request[t])
         /\ probed' = [probed EXCEPT ![t] = m]
         /\ log' = Append(log, [m |-> m, r |-> Request[t]])
         /\ event' = Ev(Lane(t), (IF Variant = "blocking" THEN "probe" ELSE "iprobe") \o Show(Request[t])
                                 \o " finds " \o ShowMsg(m), {})
    /\ held' = HeldAfterProbe(t)
    /\ pc' = [pc EXCEPT ![t] = "recv"]
    /\ UNCHANGED <<queue, sent0, to0, replied, to1, got, want>>

(* Listing 1.5: an MPI_Iprobe that finds nothing; unlock and poll again. *)
ProbeFindsNothing(t) ==
    /\ Variant = "polling"
    /\ pc[t] = "probe"
    /\ ~Found(Request[t])
    /\ pc' = [pc EXCEPT ![t] = "unlock"]
    /\ event' = Ev(Lane(t), "iprobe" \o Show(Request[t]) \o " finds nothing", {})
    /\ UNCHANGED <<held, queue, to1>>
    /\ Keep(t)

(* malloc, then MPI_Recv / MPI_Irecv with the probed source and tag: the earliest queued message with *)
(* that envelope (it blocks until there is one).                                                      *)
Recv(t) ==
    LET r == [src |-> probed[t].src, tag |-> probed[t].tag] IN
    /\ pc[t] = "recv"
    /\ \E m \in to1 :
         /\ IsEarliest(m, r)
         /\ to1' = to1 \ {m}
         /\ got' = [got EXCEPT ![t] = Append(@, m)]
         /\ event' = Ev(Lane(t), "malloc(" \o ToString(probed[t].size) \o "), recv" \o Show(r) \o " gets "
                                 \o ShowMsg(m), {})
    /\ want' = [want EXCEPT ![t] = Append(@, probed[t])]
    /\ pc' = [pc EXCEPT ![t] = "unlock"]
    /\ UNCHANGED <<held, queue, sent0, to0, replied, probed, log>>

(* Unlock the map entry; after a receive the thread is done (or replies), else it polls again. *)
Unlock(t) ==
    /\ pc[t] = "unlock"
    /\ held' = held \ {Request[t]}
    /\ pc' = [pc EXCEPT ![t] = IF Len(got[t]) = 0 THEN "lock" ELSE IF t = Replier THEN "reply" ELSE "done"]
    /\ event' = Ev(Lane(t), "unlocks 2d map " \o Show(Request[t]), {})
    /\ UNCHANGED <<queue, to1>>
    /\ Keep(t)

SendReply(t) ==
    /\ pc[t] = "reply"
    /\ to0' = to0 \cup {Reply}
    /\ pc' = [pc EXCEPT ![t] = "done"]
    /\ event' = Ev(Lane(t), "send(to 0, tag 1)", {"rank0"})
    /\ UNCHANGED <<held, queue, sent0, replied, to1, probed, got, want, log>>

Step(t) == Ask(t) \/ Lock(t) \/ ProbeFinds(t) \/ ProbeFindsNothing(t) \/ Recv(t) \/ Unlock(t) \/ SendReply(t)

AllDone == /\ \A t \in Rank1Threads : pc[t] = "done"
           /\ sent0 = Len(Sends)
           /\ Replier # "none" => replied
Terminated == AllDone /\ UNCHANGED vars

Next == Rank0 \/ (\E t \in Rank1Threads : Step(t)) \/ Terminated

(* Fairness: WF on rank 0 and on each thread's steps - a runnable thread   *)
(* eventually runs. No strong fairness: a queued request is granted once   *)
(* it is first among the overlapping ones and nothing overlapping is held, *)
(* and stays grantable until it is granted, so WF suffices.                *)
Spec == Init /\ [][Next]_vars
             /\ WF_vars(Rank0)
             /\ \A t \in Rank1Threads : WF_vars(Step(t))

View == <<held, queue, sent0, to0, replied, to1, pc, probed, got, want, log>>

-----------------------------------------------------------------------------
(* The program terminates. *)
Termination == <>AllDone

(* The promise: MpiProbe's mprobe program, under this mapping. A message a thread has probed under *)
(* its lock and not yet received is matched (not pending); a thread before its probe finds is       *)
(* probing, between probe and recv receiving, after it done. Rank 0 is the one sender.             *)
Held == {probed[t] : t \in {x \in Rank1Threads : pc[x] = "recv"}}
AbsPc == [t \in Rank1Threads |-> IF pc[t] \in {"lock", "queued", "probe"} \/ (pc[t] = "unlock" /\ got[t] = <<>>)
                                 THEN "probe"
                                 ELSE IF pc[t] = "recv" THEN "recv" ELSE "done"]
Abs == INSTANCE MpiProbe WITH Threads <- Rank1Threads, Senders <- {0}, Sent <- (0 :> Sends),
                              Recvs <- [t \in Rank1Threads |-> <<Request[t]>>], Variant <- "mprobe",
                              sent <- (0 :> sent0), pending <- to1 \ Held, pc <- AbsPc,
                              next <- [t \in Rank1Threads |-> 1]

NoFalseMatch == Abs!NoFalseMatch
ReceivesFit == Abs!ReceivesFit
AtMostOnce == Abs!AtMostOnce
ExactlyOnce == Abs!ExactlyOnce
NonOvertaking == Abs!NonOvertaking
RefinesMpiProbe == Abs!SafetySpec
=============================================================================
