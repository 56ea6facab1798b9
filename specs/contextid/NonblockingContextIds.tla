------------------------- MODULE NonblockingContextIds -------------------------
(***************************************************************************)
(* Nonblocking context-id allocation (MPI-3 MPI_Comm_idup) mixed with the  *)
(* blocking algorithm of MultithreadedFig3 (Gropp & Thakur 2007, §5.3,     *)
(* Fig. 3, with keys, the ownership bit and the eager round), on the same  *)
(* and on other parents, by several threads of each process.               *)
(*                                                                         *)
(* An idup c (c \in Nonblocking) runs the same rounds as a blocking call,  *)
(* on the same per-process mask, inUse flag, lowest key and eager segment, *)
(* but as a state machine of its request instead of a blocked thread:      *)
(* Th(p, c) is c's request on p. The call itself is the eager round's      *)
(* send (EnterEager); it returns the request at once. Every later step of  *)
(* the request (each round's receive, and each retry's mask copy and send) *)
(* happens only when some thread of p polls the progress engine: there is  *)
(* no progress thread. A thread polls while it is inside a blocking        *)
(* allocation (between its first step and its return: an allreduce that    *)
(* waits drives every outstanding request of its process, as MPI's         *)
(* progress rule demands) and while it waits on an outstanding idup of its *)
(* process (MPI_Wait drives them all).                                     *)
(*                                                                         *)
(* The ordering rule against the blocking algorithm. An idup has a key     *)
(* like every call, (parent context, tag) with its tag taken from the      *)
(* nonblocking collectives' tag space (here any tag >= 0 no blocking call  *)
(* on that parent uses; MPICH: the schedule tag), so its messages never    *)
(* match a blocking call's and its key never ties with one. At each mask   *)
(* copy, on one process, an idup obeys exactly Fig. 3's rule: it owns the  *)
(* mask only if nobody owns it and no lower key waits (lowest), and a non- *)
(* owner lowers lowest to its key. MPICH gets the same order with its      *)
(* next_gcn list sorted by (context id, tag), of which only the head may   *)
(* take the mask. One rule and one lowest for both kinds, hence:           *)
(*  - it cannot starve the blocking algorithm: a blocking call with a      *)
(*    lower key stops any idup from taking the mask on each of its members *)
(*    as soon as it has been refused once there, and an idup owner gives   *)
(*    the mask back at the end of its round, which ends because its peers' *)
(*    requests are polled (their threads block in an allocation or wait);  *)
(*  - it is not starved: the keys are one total order over all calls, so   *)
(*    the lowest-keyed call still running eventually owns the mask on all  *)
(*    its members in one round (Fig. 3's argument), takes an id and        *)
(*    leaves; an idup is that call after finitely many others have left.   *)
(* Exhaustion: the ownership bit travels with the mask, so an idup round   *)
(* in which every member owned its mask and the AND is empty fails on      *)
(* every member (ERR_OTHER on every request), never a retry forever.       *)
(* Each rule is there because a model breaks without it: the mutants of    *)
(* NonblockingContextIdsMutants and the manifest's ctx_nb_mut_* models.    *)
(*                                                                         *)
(* Programs. Base's Before is unused here (models set it empty): a thread  *)
(* on process p runs its calls in an order given per process. Prior[p][c]  *)
(* is the set of calls p's thread of c returns from before it starts c:    *)
(* a blocking call returns when it finishes; an idup returns its request   *)
(* when it has sent its eager round, but if its thread reached its wait    *)
(* on it first, only when the request completes. WaitAfter[p][c] (for an   *)
(* idup c) is the set of calls p's thread starts (and, for blocking ones,  *)
(* returns from) before it waits on c; it contains c itself.               *)
(***************************************************************************)
EXTENDS MultithreadedFig3

CONSTANTS
    Nonblocking,  \* SUBSET Calls                 the idups
    Prior,        \* [Procs -> [Calls -> SUBSET Calls]]
    WaitAfter     \* [Procs -> [Calls -> SUBSET Calls]] (used for idups only)

ASSUME Nonblocking \subseteq Calls
ASSUME \A c \in Nonblocking : \A p \in Members[c] : c \in WaitAfter[p][c]

IsIdup(t) == Cl[t] \in Nonblocking
Started(t) == pc[t] # "begin"

(* p's thread of idup c has reached its wait on c (it polls from then on). *)
WaitReached(p, c) ==
    \A d \in WaitAfter[p][c] :
        IF d \in Nonblocking THEN Started(Th(p, d)) ELSE Finished(Th(p, d))

(* p's thread has returned from call d.                                    *)
Returned(p, d) ==
    IF d \in Nonblocking
      THEN Started(Th(p, d)) /\ (WaitReached(p, d) => Finished(Th(p, d)))
      ELSE Finished(Th(p, d))

(* t's thread may start t's call.                                          *)
StartOk(t) == \A d \in Prior[Pr[t]][Cl[t]] : Returned(Pr[t], d)

(* Some thread of p is inside MPI and polls: blocked in a blocking         *)
(* allocation, or waiting on an outstanding idup of p.                     *)
BlockedIn(u) == ~IsIdup(u) /\ pc[u] \in {"wait0", "start", "wait"}
WaitingOn(u) == IsIdup(u) /\ Started(u) /\ ~Finished(u) /\ WaitReached(Pr[u], Cl[u])
Polled(p) == \E u \in Threads : Pr[u] = p /\ (BlockedIn(u) \/ WaitingOn(u))

(* A request's step happens only under a poll; a blocking thread's step    *)
(* is its own.                                                             *)
Progress(t) == ~IsIdup(t) \/ Polled(Pr[t])

(* Fig. 3's ownership rule, written once for the idup's mask copy (the     *)
(* blocking Enter has the same rule inline): a mutant replaces this.       *)
IdupMayOwn(p, k) == ~inUse[p] /\ k <= lowest[p]
IdupLowers(p, k) == k < lowest[p]

(* An idup's mask copy for a Fig. 3 round, under a poll.                   *)
IdupEnter(t) ==
    LET p == Pr[t]  k == Key(Cl[t])
        claimE == Claim(t)
        offered == Fig3Offer(p, claimE)
    IN
    /\ pc[t] = "start"
    /\ IF ~IdupMayOwn(p, k)
         THEN /\ lowest' = IF IdupLowers(p, k) THEN [lowest EXCEPT ![p] = k] ELSE lowest
              /\ Send(t, Word({}, FALSE))
              /\ UNCHANGED <<inUse, eagerInUse, ownE>>
              /\ event' = Ev(t, "idup round: does not own the mask, lowest = " \o ToString(lowest'[p]), PeerThreads(t))
         ELSE /\ inUse' = [inUse EXCEPT ![p] = TRUE]
              /\ lowest' = [lowest EXCEPT ![p] = k]
              /\ eagerInUse' = [eagerInUse EXCEPT ![p] = @ \cup claimE]
              /\ ownE' = [ownE EXCEPT ![t] = claimE]
              /\ Send(t, Word(offered, TRUE))
              /\ event' = Ev(t, "idup round: owns the mask, offers " \o ToString(offered), PeerThreads(t))
    /\ pc' = [pc EXCEPT ![t] = "wait"]
    /\ UNCHANGED <<mask, newId, claimAll>>

(* The steps, named for TLC's coverage: a thread starts its call (the      *)
(* idup's returns its request); a receive, and a blocking thread's or a    *)
(* polled request's mask copy.                                             *)
NbEnterEager(t) == StartOk(t) /\ EnterEager(t)
NbFinishEager(t) == Progress(t) /\ FinishEager(t)
BlockingEnter(t) == ~IsIdup(t) /\ Enter(t)
PolledIdupEnter(t) == IsIdup(t) /\ Polled(Pr[t]) /\ IdupEnter(t)
NbFinishRound(t) == Progress(t) /\ FinishRound(t)

NbStep(t) == NbEnterEager(t) \/ NbFinishEager(t) \/ BlockingEnter(t) \/ PolledIdupEnter(t) \/ NbFinishRound(t)

NbNext == \/ \E t \in Threads : \/ NbEnterEager(t) \/ NbFinishEager(t) \/ BlockingEnter(t)
                              \/ PolledIdupEnter(t) \/ NbFinishRound(t) \/ Free(t)
          \/ Terminated

(* Weak fairness of every thread's and request's steps: a request that is  *)
(* polled from some point on until it completes is eventually progressed.  *)
NbSpec == Init /\ [][NbNext]_vars /\ \A t \in Threads : WF_vars(NbStep(t))

(* The refinement of ContextIdPromise, as MultithreadedFig3's (looks,      *)
(* asides) but with this module's program order: before starting c, p's    *)
(* thread has returned from the blocking calls of Prior[p][c] and waited   *)
(* for the idups of Prior[p][c] whose wait comes before c (c is not among  *)
(* what it starts before that wait), and issued the other idups there.     *)
WaitedBefore(p, d, c) == d \in Nonblocking => c \notin WaitAfter[p][d]
NbPrior == [t \in Threads |-> {Th(Pr[t], d) : d \in {e \in Prior[Pr[t]][Cl[t]] : WaitedBefore(Pr[t], e, Cl[t])}}]
NbIssued == [t \in Threads |-> {Th(Pr[t], d) : d \in {e \in Prior[Pr[t]][Cl[t]] : ~WaitedBefore(Pr[t], e, Cl[t])}}]
NbPromise == INSTANCE ContextIdPromise
    WITH st <- AbsSt, dec <- AbsDec, ret <- newId, look <- PromiseLook, aside <- PromiseAside,
         AsideMax <- SegmentSize, Prior <- NbPrior, Issued <- NbIssued
NbRefinesContextIdPromise == NbPromise!Spec

(* Reachability probe (a model expects it violated): an idup owns a        *)
(* process's mask while a blocking call of that process with a lower key   *)
(* is refused there, so the ordering rule is exercised.                    *)
NoIdupAheadOfBlocking ==
    ~\E t, u \in Threads :
        /\ IsIdup(t) /\ ~IsIdup(u) /\ Pr[t] = Pr[u]
        /\ pc[t] = "wait" /\ offer[Cl[t]][Pr[t]].o
        /\ pc[u] = "wait" /\ ~offer[Cl[u]][Pr[u]].o
=============================================================================
