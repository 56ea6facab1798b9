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
(* Java: the user-level protocol over org.mpiverify.mpi.Comm#probe/#iprobe/*)
(*   #irecv; it is what mprobe/mrecv (Probe.tla, Variant "mprobe") makes   *)
(*   unnecessary.                                                          *)
(*                                                                         *)
(* Listing 1.2's lock succeeds exactly when no held entry overlaps the     *)
(* request: (s, t) and (s', t') overlap iff the sources are equal or one   *)
(* is ANY, and the tags are equal or one is ANY. The check-and-lock is     *)
(* itself a critical region ("protected with locks itself"), so it is one  *)
(* atomic step here.                                                       *)
(*   Variant "blocking": lock; blocking probe; recv; unlock (Listing 1.1   *)
(*     extended by Listing 1.2). TLC must find the spurious deadlock.      *)
(*   Variant "polling": Listing 1.5: lock; iprobe; if found irecv; unlock; *)
(*     repeat until found. Every thread terminates.                        *)
(***************************************************************************)
EXTENDS Integers, Sequences, FiniteSets, TLC

CONSTANTS Variant, Wild
ASSUME Variant \in {"blocking", "polling"}

\* The program of Listings 1.3 and 1.4.
Rank1Threads == {"A", "B"}
Request == [A |-> [src |-> 0, tag |-> 2], B |-> [src |-> 0, tag |-> Wild]]

Overlap(r1, r2) == /\ r1.src = r2.src \/ r1.src = Wild \/ r2.src = Wild
                   /\ r1.tag = r2.tag \/ r1.tag = Wild \/ r2.tag = Wild

Matches(m, r) == /\ r.src = Wild \/ r.src = m.src
                 /\ r.tag = Wild \/ r.tag = m.tag

VARIABLES
    held,    \* set of requests locked in rank 1's 2d_sparse_map
    queue,   \* Seq(thread) requests waiting for the map, in arrival order
    to0,     \* messages delivered to rank 0, not yet received (a set; tags are unique)
    to1,     \* messages delivered to rank 1, not yet received
    pc,      \* [{"R0", "A", "B"} -> label]
    event

vars == <<held, queue, to0, to1, pc, event>>

Ev(who, what, peers) == [who |-> who, what |-> what, peers |-> peers]
Show(r) == "(" \o (IF r.src = Wild THEN "ANY" ELSE ToString(r.src)) \o ", "
               \o (IF r.tag = Wild THEN "ANY" ELSE ToString(r.tag)) \o ")"

Init == /\ held = {}
        /\ queue = <<>>
        /\ to0 = {}
        /\ to1 = {}
        /\ pc = [R0 |-> "send1", A |-> "lock", B |-> "lock"]
        /\ event = Ev("", "init", {})

(* ---------------- rank 0 (Listing 1.3), single-threaded --------------- *)
R0Send1 == /\ pc.R0 = "send1"
           /\ to1' = to1 \cup {[src |-> 0, tag |-> 1]}
           /\ pc' = [pc EXCEPT !.R0 = "recv"]
           /\ event' = Ev("rank0", "send(to 1, tag 1)", {"rank1.B"})
           /\ UNCHANGED <<held, queue, to0>>
R0Recv  == /\ pc.R0 = "recv"
           /\ [src |-> 1, tag |-> 1] \in to0
           /\ to0' = to0 \ {[src |-> 1, tag |-> 1]}
           /\ pc' = [pc EXCEPT !.R0 = "send2"]
           /\ event' = Ev("rank0", "recv(from 1, tag 1) completes", {})
           /\ UNCHANGED <<held, queue, to1>>
R0Send2 == /\ pc.R0 = "send2"
           /\ to1' = to1 \cup {[src |-> 0, tag |-> 2]}
           /\ pc' = [pc EXCEPT !.R0 = "done"]
           /\ event' = Ev("rank0", "send(to 1, tag 2)", {"rank1.A"})
           /\ UNCHANGED <<held, queue, to0>>
Rank0 == R0Send1 \/ R0Recv \/ R0Send2

(* ---------------- rank 1 (Listing 1.4) --------------------------------- *)
Lane(t) == "rank1." \o t

(* Listing 1.2: ask for the map entry of the thread's request. *)
Ask(t) == /\ pc[t] = "lock"
          /\ queue' = Append(queue, t)
          /\ pc' = [pc EXCEPT ![t] = "queued"]
          /\ event' = Ev(Lane(t), "asks for 2d map " \o Show(Request[t]), {})
          /\ UNCHANGED <<held, to0, to1>>

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
           /\ UNCHANGED <<to0, to1>>

Found(t) == \E m \in to1 : Matches(m, Request[t])
TheMatch(t) == CHOOSE m \in to1 : Matches(m, Request[t])

AfterRecv(t) == IF t = "B" THEN "reply" ELSE "done"

(* blocking: MPI_Probe waits, holding the map lock; then recv and unlock. *)
BlockingProbeRecv(t) ==
    /\ Variant = "blocking"
    /\ pc[t] = "probe"
    /\ Found(t)
    /\ to1' = to1 \ {TheMatch(t)}
    /\ held' = held \ {Request[t]}
    /\ pc' = [pc EXCEPT ![t] = AfterRecv(t)]
    /\ event' = Ev(Lane(t), "probe/recv " \o Show(Request[t]) \o " gets tag "
                            \o ToString(TheMatch(t).tag) \o ", unlock", {})
    /\ UNCHANGED <<to0, queue>>

(* polling (Listing 1.5): iprobe never blocks; unlock either way. *)
PollingProbe(t) ==
    /\ Variant = "polling"
    /\ pc[t] = "probe"
    /\ held' = held \ {Request[t]}
    /\ IF Found(t)
         THEN /\ to1' = to1 \ {TheMatch(t)}
              /\ pc' = [pc EXCEPT ![t] = AfterRecv(t)]
              /\ event' = Ev(Lane(t), "iprobe " \o Show(Request[t]) \o " finds tag "
                                      \o ToString(TheMatch(t).tag) \o ", irecv, unlock, wait", {})
         ELSE /\ pc' = [pc EXCEPT ![t] = "lock"]
              /\ UNCHANGED to1
              /\ event' = Ev(Lane(t), "iprobe " \o Show(Request[t]) \o " finds nothing, unlock", {})
    /\ UNCHANGED <<to0, queue>>

Reply == /\ pc.B = "reply"
         /\ to0' = to0 \cup {[src |-> 1, tag |-> 1]}
         /\ pc' = [pc EXCEPT !.B = "done"]
         /\ event' = Ev(Lane("B"), "send(to 0, tag 1)", {"rank0"})
         /\ UNCHANGED <<held, queue, to1>>

Work(t) == BlockingProbeRecv(t) \/ PollingProbe(t) \/ (t = "B" /\ Reply)

AllDone == \A x \in DOMAIN pc : pc[x] = "done"
Terminated == AllDone /\ UNCHANGED vars

Next == Rank0 \/ (\E t \in Rank1Threads : Ask(t) \/ Lock(t) \/ Work(t)) \/ Terminated

(* Fairness: WF on rank 0 and on each thread's steps - a runnable thread   *)
(* eventually runs. No strong fairness: a queued request is granted once   *)
(* it is first among the overlapping ones and nothing overlapping is held, *)
(* and stays grantable until it is granted, so WF suffices.                *)
Spec == Init /\ [][Next]_vars
             /\ WF_vars(Rank0)
             /\ \A t \in Rank1Threads : WF_vars(Ask(t) \/ Lock(t) \/ Work(t))

View == <<held, queue, to0, to1, pc>>

(* The program of Listings 1.3/1.4 terminates. *)
Termination == <>AllDone
=============================================================================
