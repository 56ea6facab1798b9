-------------------------------- MODULE Probe --------------------------------
(***************************************************************************)
(* Threads of one process receiving messages of unknown size.              *)
(*                                                                         *)
(* Paper: T. Hoefler et al., "Efficient MPI Support for Advanced Hybrid    *)
(*   Programming Models", §2 (false matching: A_p, B_p, B_m, B_r, A_m, A_r)*)
(*   and §3 (matched probe, Listing 1.6).                                  *)
(*                                                                         *)
(* Java: org.mpiverify.mpi.Comm#probe/#iprobe/#recv (Variant "probe") and  *)
(*   org.mpiverify.mpi.Comm#mprobe/#improbe/#mrecv (Variant "mprobe"),     *)
(*   through org.mpiverify.mpi.Endpoint (probe/mprobe: the wait loop over  *)
(*   org.mpiverify.core.sync.EventCount; startSend: matchOrEnqueue, then   *)
(*   signalIfWatched), over org.mpiverify.core.matching.MatchingEngine     *)
(*   (QueueMatchingEngine and HashMatchingEngine, which must both refine   *)
(*   the matching rule below).                                             *)
(*                                                                         *)
(* Senders deliver their messages in order (MPI's per-sender FIFO) into    *)
(* the process's unexpected queue uq. A receive request is a (src, tag)    *)
(* pair where either may be Wild; the matching rule is "the earliest        *)
(* message in uq that matches". Each thread runs Recvs[t], a sequence of   *)
(* requests, each as probe-malloc-recv (with the probed source and tag, as *)
(* programs do) or as mprobe-malloc-mrecv. malloc is thread-local, so it   *)
(* is folded into the receive step; the interleaving point that matters    *)
(* is between the probe and the receive.                                   *)
(*                                                                         *)
(* A blocking probe or mprobe is the Java's loop, not one blocking step:  *)
(* look (iprobe or improbe); if nothing matches, watch (watchers + 1),     *)
(* then repeatedly take a ticket (read count), look again, and if still    *)
(* nothing, wait until count moves past the ticket. A sender enqueues its  *)
(* message, then signals if watched (if watchers # 0 then count + 1),     *)
(* then sends its next message. Only whether count moved since a thread's  *)
(* ticket matters (count only grows), so the state keeps that bit per     *)
(* thread, not the numbers: stale[t] is "count # ticket[t]". The race the  *)
(* Java must handle is a message that arrives between a look and the       *)
(* wait: watch-then-look against enqueue-then-read-watchers (a Dekker      *)
(* pair), and ticket-then-look against enqueue-then-increment. Reading     *)
(* watchers and incrementing count are one step here: between them the    *)
(* receiver can only watch (irrelevant to this signal), take a ticket      *)
(* (stale after the increment) or look (it sees the message, enqueued     *)
(* before). The receive after a probe (Recv) blocks until a message with   *)
(* the probed envelope is queued and takes the earliest: the Java posts    *)
(* the receive and is completed by the sender that matches it; from the    *)
(* threads' view the match happens at one of the two steps, which this     *)
(* step is.                                                                *)
(*                                                                         *)
(* The promise is MpiProbe: this spec refines it (RefinesMpiProbe) under  *)
(* the mapping at the end, and its properties are MpiProbe's.             *)
(***************************************************************************)
EXTENDS Integers, Sequences, FiniteSets, TLC

CONSTANTS
    Threads,   \* receiving threads of the process
    Senders,   \* sending processes
    Sent,      \* [Senders -> Seq([tag: Nat, size: Nat])] what each sender sends, in order
    Recvs,     \* [Threads -> Seq([src: Senders \cup {Wild}, tag: Nat \cup {Wild}])]
    Wild,       \* the wildcard (MPI_ANY_SOURCE / MPI_ANY_TAG)
    Variant    \* "probe" | "mprobe"

ASSUME Variant \in {"probe", "mprobe"}

NoMsg == [src |-> "none", seq |-> 0, tag |-> -1, size |-> 0]

Matches(m, r) == /\ r.src = Wild \/ r.src = m.src
                 /\ r.tag = Wild \/ r.tag = m.tag

VARIABLES
    arrived,  \* [Senders -> Nat]  how many of Sent[s] have arrived
    uq,       \* Seq(message)      the unexpected queue, in arrival order
    pc,       \* [Threads -> {"probe", "watch", "ticket", "look", "await", "recv", "done"}]
    next,     \* [Threads -> Nat]  index of the thread's current request
    probed,   \* [Threads -> message] what the last probe/mprobe returned
    got,      \* [Threads -> Seq(message)] what the thread received
    want,     \* [Threads -> Seq(message)] what the thread probed before each receive
    log,      \* Seq([m: message, r: request]) every match, in the order it happened
    watchers, \* EventCount.watchers: threads between watch and unwatch
    stale,    \* [Threads -> BOOLEAN] EventCount.count has moved since the thread's ticket
    signalling, \* [Senders -> BOOLEAN] the sender's last message is queued, its signalIfWatched to come
    event     \* history variable for readable traces

vars == <<arrived, uq, pc, next, probed, got, want, log, watchers, stale, signalling, event>>

Lane(t) == t
Ev(who, what, peers) == [who |-> who, what |-> what, peers |-> peers]
Show(m) == m.src \o "#" \o ToString(m.seq) \o "(tag " \o ToString(m.tag) \o ", size " \o ToString(m.size) \o ")"
ShowReq(r) == "(" \o (IF r.src = Wild THEN "ANY" ELSE r.src) \o ", "
                  \o (IF r.tag = Wild THEN "ANY" ELSE ToString(r.tag)) \o ")"

Req(t) == Recvs[t][next[t]]

(* Index of the first message of uq that matches r (0 if none): the indices that match, in order; *)
(* no CHOOSE, whose pick TLC fixes and the spec would not.                                       *)
FirstMatch(r) == LET is == SelectSeq([i \in 1..Len(uq) |-> i], LAMBDA i : Matches(uq[i], r)) IN
                 IF is = <<>> THEN 0 ELSE Head(is)

RemoveAt(s, i) == SubSeq(s, 1, i - 1) \o SubSeq(s, i + 1, Len(s))

Init ==
    /\ arrived = [s \in Senders |-> 0]
    /\ uq = <<>>
    /\ pc = [t \in Threads |-> IF Len(Recvs[t]) > 0 THEN "probe" ELSE "done"]
    /\ next = [t \in Threads |-> 1]
    /\ probed = [t \in Threads |-> NoMsg]
    /\ got = [t \in Threads |-> <<>>]
    /\ want = [t \in Threads |-> <<>>]
    /\ log = <<>>
    /\ watchers = 0
    /\ stale = [t \in Threads |-> FALSE]
    /\ signalling = [s \in Senders |-> FALSE]
    /\ event = Ev("", "init", {})

(* The network delivers the next message of sender s (per-sender FIFO) into the unexpected queue. *)
Deliver(s) ==
    /\ arrived[s] < Len(Sent[s])
    /\ LET k == arrived[s] + 1
           m == [src |-> s, seq |-> k, tag |-> Sent[s][k].tag, size |-> Sent[s][k].size]
       IN /\ uq' = Append(uq, m)
          /\ event' = Ev(s, "sends " \o Show(m), {"recv-process"})
    /\ arrived' = [arrived EXCEPT ![s] = @ + 1]

(* The threads that hold a ticket: only their bit means anything (the others' stays FALSE). *)
HasTicket(t) == pc[t] \in {"look", "await"}

(* The sender's matchOrEnqueue queues its message; its signalIfWatched is a step of its own (Signal), *)
(* before its next send.                                                                             *)
Arrive(s) ==
    /\ ~signalling[s]
    /\ Deliver(s)
    /\ signalling' = [signalling EXCEPT ![s] = TRUE]
    /\ UNCHANGED <<pc, next, probed, got, want, log, watchers, stale>>

(* EventCount.signalIfWatched after the enqueue: advance count if some thread watches. *)
Signal(s) ==
    /\ signalling[s]
    /\ signalling' = [signalling EXCEPT ![s] = FALSE]
    /\ stale' = IF watchers # 0 THEN [t \in Threads |-> stale[t] \/ HasTicket(t)] ELSE stale
    /\ event' = Ev(s, IF watchers # 0 THEN "signal: count advances" ELSE "signal: nobody watches", {})
    /\ UNCHANGED <<arrived, uq, pc, next, probed, got, want, log, watchers>>

(* Where a blocking probe looks: its first look, or a look after taking a ticket. A look that finds *)
(* a message ends the wait (unwatch, if it watched).                                               *)
Looking(t) == pc[t] \in {"probe", "look"}
Unwatch(t) == /\ watchers' = IF pc[t] = "look" THEN watchers - 1 ELSE watchers
              /\ stale' = [stale EXCEPT ![t] = FALSE]

(* A look that finds nothing: after the first, watch; after a ticket, wait. *)
LookFails(t) ==
    /\ Looking(t)
    /\ FirstMatch(Req(t)) = 0
    /\ pc' = [pc EXCEPT ![t] = IF pc[t] = "probe" THEN "watch" ELSE "await"]
    /\ event' = Ev(t, (IF Variant = "probe" THEN "iprobe" ELSE "improbe") \o ShowReq(Req(t)) \o " finds nothing", {})
    /\ UNCHANGED <<arrived, uq, next, probed, got, want, log, watchers, stale, signalling>>

Watch(t) ==
    /\ pc[t] = "watch"
    /\ watchers' = watchers + 1
    /\ pc' = [pc EXCEPT ![t] = "ticket"]
    /\ event' = Ev(t, "watch", {})
    /\ UNCHANGED <<arrived, uq, next, probed, got, want, log, stale, signalling>>

(* Reads count: the ticket is current. *)
TakeTicket(t) ==
    /\ pc[t] = "ticket"
    /\ stale' = [stale EXCEPT ![t] = FALSE]
    /\ pc' = [pc EXCEPT ![t] = "look"]
    /\ event' = Ev(t, "ticket", {})
    /\ UNCHANGED <<arrived, uq, next, probed, got, want, log, watchers, signalling>>

(* EventCount.await: returns once count has moved past the ticket (spinning or parked alike). *)
Await(t) ==
    /\ pc[t] = "await"
    /\ stale[t]
    /\ pc' = [pc EXCEPT ![t] = "ticket"]
    /\ event' = Ev(t, "woken: count moved", {})
    /\ UNCHANGED <<arrived, uq, next, probed, got, want, log, watchers, stale, signalling>>

WaitStep(t) == LookFails(t) \/ Watch(t) \/ TakeTicket(t) \/ Await(t)

(* MPI_Probe, the look that finds a message: returns its envelope, leaves it queued. *)
Probe(t) ==
    /\ Variant = "probe"
    /\ Looking(t)
    /\ FirstMatch(Req(t)) # 0
    /\ probed' = [probed EXCEPT ![t] = uq[FirstMatch(Req(t))]]
    /\ pc' = [pc EXCEPT ![t] = "recv"]
    /\ Unwatch(t)
    /\ event' = Ev(t, "probe" \o ShowReq(Req(t)) \o " sees " \o Show(probed'[t]), {})
    /\ UNCHANGED <<arrived, uq, next, got, want, log, signalling>>

Advance(t) ==
    IF next[t] < Len(Recvs[t])
      THEN /\ next' = [next EXCEPT ![t] = @ + 1]
           /\ pc' = [pc EXCEPT ![t] = "probe"]
      ELSE /\ pc' = [pc EXCEPT ![t] = "done"]
           /\ UNCHANGED next

(* malloc(size of probed) then MPI_Recv(probed.src, probed.tag): takes the *)
(* earliest message matching the probed envelope - not necessarily the     *)
(* probed one, if another thread received that in between.                 *)
Recv(t) ==
    LET r == [src |-> probed[t].src, tag |-> probed[t].tag]
        i == FirstMatch(r)
    IN
    /\ Variant = "probe"
    /\ pc[t] = "recv"
    /\ i # 0
    /\ got' = [got EXCEPT ![t] = Append(@, uq[i])]
    /\ want' = [want EXCEPT ![t] = Append(@, probed[t])]
    /\ log' = Append(log, [m |-> uq[i], r |-> r])
    /\ uq' = RemoveAt(uq, i)
    /\ Advance(t)
    /\ event' = Ev(t, "malloc(" \o ToString(probed[t].size) \o "), recv" \o ShowReq(r)
                      \o " gets " \o Show(uq[i]), {})
    /\ UNCHANGED <<arrived, probed, watchers, stale, signalling>>

(* MPI_Mprobe, the look (MatchingEngine.take) that finds a message: matches and removes it in one *)
(* step; the handle names it.                                                                     *)
Mprobe(t) ==
    LET i == FirstMatch(Req(t)) IN
    /\ Variant = "mprobe"
    /\ Looking(t)
    /\ i # 0
    /\ probed' = [probed EXCEPT ![t] = uq[i]]
    /\ log' = Append(log, [m |-> uq[i], r |-> Req(t)])
    /\ uq' = RemoveAt(uq, i)
    /\ pc' = [pc EXCEPT ![t] = "recv"]
    /\ Unwatch(t)
    /\ event' = Ev(t, "mprobe" \o ShowReq(Req(t)) \o " matches " \o Show(uq[i]), {})
    /\ UNCHANGED <<arrived, next, got, want, signalling>>

(* malloc(size) then MPI_Mrecv(handle): receives exactly the matched message. *)
Mrecv(t) ==
    /\ Variant = "mprobe"
    /\ pc[t] = "recv"
    /\ got' = [got EXCEPT ![t] = Append(@, probed[t])]
    /\ want' = [want EXCEPT ![t] = Append(@, probed[t])]
    /\ Advance(t)
    /\ event' = Ev(t, "malloc(" \o ToString(probed[t].size) \o "), mrecv gets " \o Show(probed[t]), {})
    /\ UNCHANGED <<arrived, uq, probed, log, watchers, stale, signalling>>

AllDone == \A t \in Threads : pc[t] = "done"
Terminated == AllDone /\ UNCHANGED vars

ThreadStep(t) == Probe(t) \/ Recv(t) \/ Mprobe(t) \/ Mrecv(t) \/ WaitStep(t)
SenderStep(s) == Arrive(s) \/ Signal(s)

Next == \/ \E s \in Senders : SenderStep(s)
        \/ \E t \in Threads : ThreadStep(t)
        \/ Terminated

(* Fairness: WF on each thread (a runnable thread eventually runs) and on  *)
(* each sender (a sent message eventually arrives, its signal eventually   *)
(* runs). A waiting thread's Await stays enabled once count has moved, so  *)
(* WF suffices: nothing but a signal wakes it, which is the lost wake-up.  *)
(* Needed only by AllReceivedEventually; the safety properties hold        *)
(* without it.                                                             *)
Spec == Init /\ [][Next]_vars
             /\ \A t \in Threads : WF_vars(ThreadStep(t))
             /\ \A s \in Senders : WF_vars(SenderStep(s))

View == <<arrived, uq, pc, next, probed, got, want, log, watchers, stale, signalling>>

-----------------------------------------------------------------------------
(* The promise: MpiProbe under this mapping. The unexpected queue is the set of pending messages   *)
(* (the standard orders only each sender's); a thread inside the wait loop of a blocking probe is  *)
(* still probing. Each property is stated once, in MpiProbe, and only named here.                  *)
AbsPc == [t \in Threads |-> IF pc[t] \in {"watch", "ticket", "look", "await"} THEN "probe" ELSE pc[t]]
Abs == INSTANCE MpiProbe WITH sent <- arrived, pending <- {uq[i] : i \in 1..Len(uq)}, pc <- AbsPc

NoFalseMatch == Abs!NoFalseMatch
ReceivesFit == Abs!ReceivesFit
AtMostOnce == Abs!AtMostOnce
ExactlyOnce == Abs!ExactlyOnce
NonOvertaking == Abs!NonOvertaking
AllReceivedEventually == Abs!AllReceivedEventually
RefinesMpiProbe == Abs!SafetySpec
=============================================================================
