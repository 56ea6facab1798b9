------------------------------ MODULE MpiProbe ------------------------------
(***************************************************************************)
(* What MPI promises a multithreaded process that receives messages of     *)
(* unknown size, written from the standard and the paper, not from any     *)
(* implementation: MPI-3.1 §3.8.1 (probe), §3.8.2 (matched probe), §3.5   *)
(* (non-overtaking), and Hoefler et al. §2 (the false match) and §3        *)
(* (mprobe returns a handle to a message "which is then unavailable in any *)
(* other matching context"; mrecv receives exactly that message).          *)
(*                                                                         *)
(* The user's program is part of the statement: each thread runs Recvs[t], *)
(* a sequence of requests (src, tag; either may be Wild), each one as      *)
(* probe, malloc, recv with the probed source and tag (Variant "probe") or *)
(* as mprobe, malloc, mrecv (Variant "mprobe").                            *)
(*                                                                         *)
(* What MPI promises:                                                      *)
(*  - probe and mprobe return a message that has been sent and not         *)
(*    received, that fits the request, and that a receive with the same    *)
(*    arguments could take: no earlier message of its sender fits the      *)
(*    request and is still pending (non-overtaking). Across senders         *)
(*    nothing is ordered.                                                  *)
(*  - recv(src, tag) takes such a message too.                             *)
(*  - mprobe removes its message from matching: only mrecv with its handle *)
(*    receives it, and exactly it.                                         *)
(* What MPI does NOT promise: that recv after probe receives the probed    *)
(* message. §3.8.1 promises it only if no other receive intervenes, and    *)
(* another thread's receive can (Hoefler §2: A_p, B_p, B_m, B_r, A_m,     *)
(* A_r). So NoFalseMatch below is a promise for the mprobe program only;   *)
(* the probe program violates it in this very spec (model                  *)
(* mpi_probe_false_match): the hazard is the user's, not an               *)
(* implementation's bug.                                                   *)
(*                                                                         *)
(* Probe.tla (the MPI library's probe paths) and ProbeLocking.tla (the     *)
(* user-level 2-D locking of Hoefler §2.1, which implements the mprobe     *)
(* promise with probe and recv) refine it.                                 *)
(***************************************************************************)
EXTENDS Integers, Sequences, FiniteSets

CONSTANTS
    Threads,   \* receiving threads of the process
    Senders,   \* sending processes
    Sent,      \* [Senders -> Seq([tag, size])] what each sender sends, in order
    Recvs,     \* [Threads -> Seq([src, tag])] each thread's requests, in order
    Wild,      \* MPI_ANY_SOURCE / MPI_ANY_TAG
    Variant,   \* "probe" | "mprobe"
    NoMsg      \* what probed holds before a thread's first probe (a record no message equals)

VARIABLES
    sent,     \* [Senders -> Nat] how many of Sent[s] have been sent
    pending,  \* the messages sent and neither received nor matched by an mprobe
    pc,       \* [Threads -> {"probe", "recv", "done"}]
    next,     \* [Threads -> Nat] the thread's current request
    probed,   \* [Threads -> message] what the thread's last probe or mprobe returned
    got,      \* [Threads -> Seq(message)] what the thread received, in order
    want,     \* [Threads -> Seq(message)] what its probe or mprobe returned before each receive
    log       \* Seq([m, r]): every message taken out of matching, with the request that took it

vars == <<sent, pending, pc, next, probed, got, want, log>>

Msg(s, k) == [src |-> s, seq |-> k, tag |-> Sent[s][k].tag, size |-> Sent[s][k].size]
AllMsgs == UNION {{Msg(s, k) : k \in 1..Len(Sent[s])} : s \in Senders}

(* The message fits the request (§3.2.4; one communicator here). *)
Fits(m, r) == /\ r.src = Wild \/ r.src = m.src
              /\ r.tag = Wild \/ r.tag = m.tag

(* A receive or probe with request r may return m: m is pending, fits r, and no earlier message of   *)
(* its sender that fits r is pending.                                                                 *)
Eligible(m, r) == /\ m \in pending
                  /\ Fits(m, r)
                  /\ ~\E m2 \in pending : m2.src = m.src /\ m2.seq < m.seq /\ Fits(m2, r)

Req(t) == Recvs[t][next[t]]
Envelope(m) == [src |-> m.src, tag |-> m.tag]

Init == /\ sent = [s \in Senders |-> 0]
        /\ pending = {}
        /\ pc = [t \in Threads |-> IF Len(Recvs[t]) > 0 THEN "probe" ELSE "done"]
        /\ next = [t \in Threads |-> 1]
        /\ probed = [t \in Threads |-> NoMsg]
        /\ got = [t \in Threads |-> <<>>]
        /\ want = [t \in Threads |-> <<>>]
        /\ log = <<>>

Advance(t) == IF next[t] < Len(Recvs[t])
              THEN /\ next' = [next EXCEPT ![t] = @ + 1]
                   /\ pc' = [pc EXCEPT ![t] = "probe"]
              ELSE /\ pc' = [pc EXCEPT ![t] = "done"]
                   /\ UNCHANGED next

(* A sender sends its next message. *)
Send(s) == /\ sent[s] < Len(Sent[s])
           /\ sent' = [sent EXCEPT ![s] = @ + 1]
           /\ pending' = pending \cup {Msg(s, sent[s] + 1)}
           /\ UNCHANGED <<pc, next, probed, got, want, log>>

(* MPI_Probe returns the envelope of an eligible message and leaves it pending. *)
Probe(t) == /\ Variant = "probe"
            /\ pc[t] = "probe"
            /\ \E m \in pending : /\ Eligible(m, Req(t))
                                  /\ probed' = [probed EXCEPT ![t] = m]
            /\ pc' = [pc EXCEPT ![t] = "recv"]
            /\ UNCHANGED <<sent, pending, next, got, want, log>>

(* malloc, then MPI_Recv with the probed source and tag: an eligible message for that envelope, *)
(* which need not be the probed one.                                                            *)
Recv(t) == /\ Variant = "probe"
           /\ pc[t] = "recv"
           /\ \E m \in pending :
                /\ Eligible(m, Envelope(probed[t]))
                /\ pending' = pending \ {m}
                /\ got' = [got EXCEPT ![t] = Append(@, m)]
                /\ log' = Append(log, [m |-> m, r |-> Envelope(probed[t])])
           /\ want' = [want EXCEPT ![t] = Append(@, probed[t])]
           /\ Advance(t)
           /\ UNCHANGED <<sent, probed>>

(* MPI_Mprobe matches an eligible message and takes it out of matching; the handle names it. *)
Mprobe(t) == /\ Variant = "mprobe"
             /\ pc[t] = "probe"
             /\ \E m \in pending :
                  /\ Eligible(m, Req(t))
                  /\ pending' = pending \ {m}
                  /\ probed' = [probed EXCEPT ![t] = m]
                  /\ log' = Append(log, [m |-> m, r |-> Req(t)])
             /\ pc' = [pc EXCEPT ![t] = "recv"]
             /\ UNCHANGED <<sent, next, got, want>>

(* malloc, then MPI_Mrecv with the handle: exactly the matched message. *)
Mrecv(t) == /\ Variant = "mprobe"
            /\ pc[t] = "recv"
            /\ got' = [got EXCEPT ![t] = Append(@, probed[t])]
            /\ want' = [want EXCEPT ![t] = Append(@, probed[t])]
            /\ Advance(t)
            /\ UNCHANGED <<sent, pending, probed, log>>

AllDone == \A t \in Threads : pc[t] = "done"
Terminated == AllDone /\ UNCHANGED vars

ThreadStep(t) == Probe(t) \/ Recv(t) \/ Mprobe(t) \/ Mrecv(t)
Next == \/ \E s \in Senders : Send(s)
        \/ \E t \in Threads : ThreadStep(t)
        \/ Terminated

(* The safety part is what an implementation refines; Spec adds the fairness under which the      *)
(* program's progress is promised: a runnable thread runs, a sent message is delivered.            *)
SafetySpec == Init /\ [][Next]_vars
Spec == SafetySpec /\ \A t \in Threads : WF_vars(ThreadStep(t))
                   /\ \A s \in Senders : WF_vars(Send(s))

View == vars

-----------------------------------------------------------------------------
(* The promises. Each is a conjunction over the log's entries or the threads' receives, so a trace *)
(* checker can check each entry once (ProbeTrace).                                                 *)

(* Every thread receives what its own probe or mprobe returned. Promised for the mprobe program;   *)
(* the probe program does not have it (Hoefler §2).                                                *)
NoFalseMatch == \A t \in Threads : got[t] = want[t]

(* Every message a thread receives fits the request of that receive in its program. *)
ReceivesFit == \A t \in Threads : \A k \in 1..Len(got[t]) : Fits(got[t][k], Recvs[t][k])

(* The messages taken out of matching before entry i of the log. *)
MatchedBefore(i) == {log[j].m : j \in 1..(i - 1)}

(* Every message is taken out of matching at most once ... *)
FreshAt(i) == log[i].m \notin MatchedBefore(i)
AtMostOnce == \A i \in 1..Len(log) : FreshAt(i)

(* ... and, once every thread is done, exactly once. *)
ExactlyOnce == AllDone => /\ {log[i].m : i \in 1..Len(log)} = AllMsgs
                          /\ Len(log) = Cardinality(AllMsgs)

(* Non-overtaking: no entry skipped an earlier message of its sender that its request fits, i.e.   *)
(* every such message was taken out of matching before it.                                         *)
InOrderAt(i) == LET m == log[i].m IN
                \A k \in 1..(m.seq - 1) : Fits(Msg(m.src, k), log[i].r) => Msg(m.src, k) \in MatchedBefore(i)
NonOvertaking == \A i \in 1..Len(log) : InOrderAt(i)

(* Progress: every thread finishes its program. *)
AllReceivedEventually == <>AllDone
=============================================================================
