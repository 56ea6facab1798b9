-------------------------------- MODULE Probe --------------------------------
(***************************************************************************)
(* Threads of one process receiving messages of unknown size.              *)
(*                                                                         *)
(* Paper: T. Hoefler et al., "Efficient MPI Support for Advanced Hybrid    *)
(*   Programming Models", §2 (false matching: A_p, B_p, B_m, B_r, A_m, A_r)*)
(*   and §3 (matched probe, Listing 1.6).                                  *)
(*                                                                         *)
(* Java: org.mpiverify.mpi.Comm#probe/#iprobe/#recv (Variant "probe") and  *)
(*   org.mpiverify.mpi.Comm#mprobe/#improbe/#mrecv (Variant "mprobe"), over *)
(*   org.mpiverify.core.matching.MatchingEngine (QueueMatchingEngine and   *)
(*   HashMatchingEngine, which must both refine the matching rule below).  *)
(*                                                                         *)
(* Senders deliver their messages in order (MPI's per-sender FIFO) into    *)
(* the process's unexpected queue uq. A receive request is a (src, tag)    *)
(* pair where either may be Wild; the matching rule is "the earliest        *)
(* message in uq that matches". Each thread runs Recvs[t], a sequence of   *)
(* requests, each as probe-malloc-recv (with the probed source and tag, as *)
(* programs do) or as mprobe-malloc-mrecv. malloc is thread-local, so it   *)
(* is folded into the receive step; the interleaving point that matters    *)
(* is between the probe and the receive.                                   *)
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
    pc,       \* [Threads -> {"probe", "recv", "done"}]
    next,     \* [Threads -> Nat]  index of the thread's current request
    probed,   \* [Threads -> message] what the last probe/mprobe returned
    got,      \* [Threads -> Seq(message)] what the thread received
    want,     \* [Threads -> Seq(message)] what the thread probed before each receive
    log,      \* Seq([m: message, r: request]) every match, in the order it happened
    event     \* history variable for readable traces

vars == <<arrived, uq, pc, next, probed, got, want, log, event>>

Lane(t) == t
Ev(who, what, peers) == [who |-> who, what |-> what, peers |-> peers]
Show(m) == m.src \o "#" \o ToString(m.seq) \o "(tag " \o ToString(m.tag) \o ", size " \o ToString(m.size) \o ")"
ShowReq(r) == "(" \o (IF r.src = Wild THEN "ANY" ELSE r.src) \o ", "
                  \o (IF r.tag = Wild THEN "ANY" ELSE ToString(r.tag)) \o ")"

Req(t) == Recvs[t][next[t]]

\* Index of the first message of uq that matches r (0 if none).
FirstMatch(r) == IF \E i \in 1..Len(uq) : Matches(uq[i], r)
                   THEN CHOOSE i \in 1..Len(uq) : Matches(uq[i], r) /\ \A j \in 1..(i-1) : ~Matches(uq[j], r)
                   ELSE 0

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
    /\ event = Ev("", "init", {})

(* The network delivers the next message of sender s (per-sender FIFO). *)
Arrive(s) ==
    /\ arrived[s] < Len(Sent[s])
    /\ LET k == arrived[s] + 1
           m == [src |-> s, seq |-> k, tag |-> Sent[s][k].tag, size |-> Sent[s][k].size]
       IN /\ uq' = Append(uq, m)
          /\ event' = Ev(s, "sends " \o Show(m), {"recv-process"})
    /\ arrived' = [arrived EXCEPT ![s] = @ + 1]
    /\ UNCHANGED <<pc, next, probed, got, want, log>>

(* MPI_Probe: blocks until a message matches, returns its envelope, leaves it queued. *)
Probe(t) ==
    /\ Variant = "probe"
    /\ pc[t] = "probe"
    /\ FirstMatch(Req(t)) # 0
    /\ probed' = [probed EXCEPT ![t] = uq[FirstMatch(Req(t))]]
    /\ pc' = [pc EXCEPT ![t] = "recv"]
    /\ event' = Ev(t, "probe" \o ShowReq(Req(t)) \o " sees " \o Show(probed'[t]), {})
    /\ UNCHANGED <<arrived, uq, next, got, want, log>>

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
    /\ UNCHANGED <<arrived, probed>>

(* MPI_Mprobe: matches and removes the message atomically; the handle names it. *)
Mprobe(t) ==
    LET i == FirstMatch(Req(t)) IN
    /\ Variant = "mprobe"
    /\ pc[t] = "probe"
    /\ i # 0
    /\ probed' = [probed EXCEPT ![t] = uq[i]]
    /\ log' = Append(log, [m |-> uq[i], r |-> Req(t)])
    /\ uq' = RemoveAt(uq, i)
    /\ pc' = [pc EXCEPT ![t] = "recv"]
    /\ event' = Ev(t, "mprobe" \o ShowReq(Req(t)) \o " matches " \o Show(uq[i]), {})
    /\ UNCHANGED <<arrived, next, got, want>>

(* malloc(size) then MPI_Mrecv(handle): receives exactly the matched message. *)
Mrecv(t) ==
    /\ Variant = "mprobe"
    /\ pc[t] = "recv"
    /\ got' = [got EXCEPT ![t] = Append(@, probed[t])]
    /\ want' = [want EXCEPT ![t] = Append(@, probed[t])]
    /\ Advance(t)
    /\ event' = Ev(t, "malloc(" \o ToString(probed[t].size) \o "), mrecv gets " \o Show(probed[t]), {})
    /\ UNCHANGED <<arrived, uq, probed, log>>

AllDone == \A t \in Threads : pc[t] = "done"
Terminated == AllDone /\ UNCHANGED vars

ThreadStep(t) == Probe(t) \/ Recv(t) \/ Mprobe(t) \/ Mrecv(t)

Next == \/ \E s \in Senders : Arrive(s)
        \/ \E t \in Threads : ThreadStep(t)
        \/ Terminated

(* Fairness: WF on each thread (a runnable thread eventually runs) and on  *)
(* each sender (a sent message eventually arrives). Needed only by         *)
(* AllReceivedEventually; the safety properties hold without it.           *)
Spec == Init /\ [][Next]_vars
             /\ \A t \in Threads : WF_vars(ThreadStep(t))
             /\ \A s \in Senders : WF_vars(Arrive(s))

View == <<arrived, uq, pc, next, probed, got, want, log>>

-----------------------------------------------------------------------------
AllMsgs == UNION {{[src |-> s, seq |-> k, tag |-> Sent[s][k].tag, size |-> Sent[s][k].size] :
                      k \in 1..Len(Sent[s])} : s \in Senders}

(* No false match: every receive gets the message its own probe returned.  *)
NoFalseMatch == \A t \in Threads : got[t] = want[t]

(* The messages matched before entry i of log. *)
MatchedBefore(i) == {log[j].m : j \in 1..(i-1)}

(* Every message is received at most once (no two entries of log share a  *)
(* message: each entry's is not among the earlier ones') ...              *)
FreshAt(i) == log[i].m \notin MatchedBefore(i)
AtMostOnce == \A i \in 1..Len(log) : FreshAt(i)
(* ... and, once every thread is done, exactly once. *)
ExactlyOnce == AllDone => {log[i].m : i \in 1..Len(log)} = AllMsgs /\ Len(log) = Cardinality(AllMsgs)

(* Non-overtaking: a match never skips an earlier message of the same      *)
(* sender that the same request would also match.                          *)
(* Each property is a conjunction over log's entries of a condition on    *)
(* the entry and the entries before it (FreshAt, InOrderAt), so a trace    *)
(* spec can check each entry once, when it is appended (ProbeTrace).       *)
InOrderAt(i) ==
    LET s == log[i].m.src
        before == MatchedBefore(i)
    IN \A k \in 1..(log[i].m.seq - 1) :
           LET e == [src |-> s, seq |-> k, tag |-> Sent[s][k].tag, size |-> Sent[s][k].size]
           IN Matches(e, log[i].r) => e \in before
NonOvertaking == \A i \in 1..Len(log) : InOrderAt(i)

AllReceivedEventually == <>AllDone
=============================================================================
