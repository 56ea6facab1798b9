---------------------------- MODULE ContextIdPromise ----------------------------
(***************************************************************************)
(* What an MPI implementation promises about the context ids of new        *)
(* communicators, written from the standard and Gropp & Thakur 2007, §2   *)
(* and §5.1, not from any algorithm. Every context-id algorithm of this    *)
(* folder refines it (ContextIds.tla holds the refinement mapping; each    *)
(* algorithm module checks RefinesContextIdPromise).                       *)
(*                                                                         *)
(* The promise.                                                            *)
(*  - §5.1: the context id of a new communicator "has the same value on    *)
(*    all processes that are part of the communicator and is unique among *)
(*    all communicators on a given process" (Agreement, UniqueLive).       *)
(*  - §2: concurrent calls behave "as if the calls executed sequentially   *)
(*    in some order": a call takes its id in one step (its first member's *)
(*    return, TakeId), at which the id is free on every member; the other  *)
(*    members return the same id later. A collective call takes effect     *)
(*    only once every member has entered it.                               *)
(*  - Out of context ids (ERR_OTHER, Fail) only when the members have no   *)
(*    free id in common: each member looked at its free ids at some       *)
(*    instant during the call (Look), and no id was in every member's      *)
(*    look. The looks may be taken at different instants (an allreduce     *)
(*    cannot take them at one), and a look may leave out the ids that      *)
(*    other calls in progress on that process have set aside: at most      *)
(*    AsideMax ids per call (MPICH's eager context ids; 0 for an algorithm *)
(*    that sets none aside). A member that has not looked counts as        *)
(*    seeing every id free.                                                *)
(*  - A thread runs its calls in order: it enters a call only after every *)
(*    call in Prior[t] has returned on its process (MPI: a blocking call   *)
(*    returns before the thread's next call, and so does a wait on a       *)
(*    request; §2: collectives on one communicator are ordered by the      *)
(*    user), and after every nonblocking call in Issued[t] has been        *)
(*    entered (an idup returns its request at once).                       *)
(*  - Every call returns (with an id or ERR_OTHER): Termination. A         *)
(*    nonblocking idup is a call like any other: its request completes     *)
(*    (returns) eventually, given the polls the program makes.             *)
(*  - Freeing a communicator makes its id free again on that process.      *)
(*                                                                         *)
(* Threads are named as in ContextIds ("p<p>/<c>").                        *)
(***************************************************************************)
EXTENDS Integers, FiniteSets, Sequences, TLC

CONSTANTS
    Procs,      \* the processes
    Calls,      \* communicator-creating calls
    Members,    \* [Calls -> SUBSET Procs]
    Capacity,   \* [Procs -> Nat]  ids 2..Capacity[p]-1 exist on p
    AsideMax,   \* how many ids a call in progress may set aside on each member
    Prior,      \* [Threads -> SUBSET Threads]  calls the same thread returns from first
    Issued,     \* [Threads -> SUBSET Threads]  nonblocking calls it issues first and waits for later
    Threads,    \* the calling threads: one per member of each call
    Pr, Cl,     \* [Threads -> Procs], [Threads -> Calls]: a thread's process and call
    Ids         \* every process's ids: 2..(the largest capacity - 1)

(* The threads, their processes and calls, and the ids are constants (not *)
(* definitions) so that an instancing spec passes its own, which TLC      *)
(* evaluates once; a model of this module alone gets them from the helpers *)
(* below.                                                                  *)
ThreadName(p, c) == "p" \o ToString(p) \o "/" \o c
NamedThreads(C, M) == UNION {{ThreadName(p, c) : p \in M[c]} : c \in C}
ProcOfName(P, C, M) == [t \in NamedThreads(C, M) |-> CHOOSE p \in P : \E c \in C : t = ThreadName(p, c)]
CallOfName(P, C, M) == [t \in NamedThreads(C, M) |-> CHOOSE c \in C : \E p \in P : t = ThreadName(p, c)]

ASSUME \A c \in Calls : {Pr[t] : t \in {u \in Threads : Cl[u] = c}} = Members[c]

FirstId == 2
IdsOf(p) == FirstId..(Capacity[p] - 1)
MemberThreads(c) == {t \in Threads : Cl[t] = c}

(* A call's decision: none yet, an id, or out of ids. *)
Undecided == 0
Failed == -1

Returned == {"done", "failed", "freed"}

VARIABLES
    st,      \* [Threads -> {"idle", "in"} \cup Returned]
    dec,     \* [Calls -> Ids \cup {Undecided, Failed}]  the call's outcome, fixed by its first return
    ret,     \* [Threads -> Ids \cup {0}]   the id a thread returned (0: none)
    look,    \* [Threads -> SUBSET Ids]     the free ids t saw during its call (Ids: no look yet)
    aside    \* [Threads -> SUBSET Ids]     the ids t's call sets aside on t's process

vars == <<st, dec, ret, look, aside>>

(* Ids that p's communicators hold: live ones, and the id of a decided call *)
(* that p's member has not returned yet.                                   *)
Held(p) == {dec[Cl[t]] : t \in {u \in Threads : /\ Pr[u] = p
                                               /\ dec[Cl[u]] \in Ids
                                               /\ st[u] \in {"in", "done"}}}
FreeNow(p) == IdsOf(p) \ Held(p)
OthersAside(t) == UNION {aside[u] : u \in {v \in Threads : Pr[v] = Pr[t] /\ v # t}}
(* What t may be told is free: free, and not set aside by another call. *)
Available(t) == FreeNow(Pr[t]) \ OthersAside(t)

AllEntered(c) == \A u \in MemberThreads(c) : st[u] # "idle"

Init == /\ st = [t \in Threads |-> "idle"]
        /\ dec = [c \in Calls |-> Undecided]
        /\ ret = [t \in Threads |-> 0]
        /\ look = [t \in Threads |-> Ids]
        /\ aside = [t \in Threads |-> {}]

(* t, inside its call, looks at the free ids (look'[t]: any superset of   *)
(* what it may be told is free; Ids forgets an earlier look) and sets      *)
(* aside'[t] aside. Written for checking a refinement: every other         *)
(* thread's look and aside stay, t's are constrained; GenUpdate below      *)
(* chooses them instead, for TLC to generate the promise's own states.     *)
Update(t) ==
    /\ look' \in [Threads -> SUBSET Ids]
    /\ aside' \in [Threads -> SUBSET Ids]
    /\ \A u \in Threads \ {t} : look'[u] = look[u] /\ aside'[u] = aside[u]
    /\ Available(t) \subseteq look'[t]
    /\ Cardinality(aside'[t]) <= AsideMax

(* t's thread enters the call, after the calls it runs first have returned. *)
Call(t) ==
    /\ st[t] = "idle"
    /\ \A u \in Prior[t] : st[u] \in Returned
    /\ \A u \in Issued[t] : st[u] # "idle"
    /\ st' = [st EXCEPT ![t] = "in"]
    /\ Update(t)
    /\ UNCHANGED <<dec, ret>>

Progress(t) ==
    /\ st[t] = "in"
    /\ Update(t)
    /\ UNCHANGED <<st, dec, ret>>

(* t returns id i: its call's id, or, as the call's first return, an id    *)
(* free on every member and set aside there by no other call.              *)
TakeId(t, i) ==
    LET c == Cl[t] IN
    /\ st[t] = "in"
    /\ AllEntered(c)
    /\ \/ dec[c] = i
       \/ dec[c] = Undecided /\ \A u \in MemberThreads(c) : i \in Available(u)
    /\ dec' = [dec EXCEPT ![c] = i]
    /\ ret' = [ret EXCEPT ![t] = i]
    /\ st' = [st EXCEPT ![t] = "done"]
    /\ look' = [look EXCEPT ![t] = Ids]
    /\ aside' = [aside EXCEPT ![t] = {}]

(* t returns ERR_OTHER: its call failed, or, as the first return, no id is *)
(* in every member's look.                                                 *)
Fail(t) ==
    LET c == Cl[t] IN
    /\ st[t] = "in"
    /\ AllEntered(c)
    /\ \/ dec[c] = Failed
       \/ dec[c] = Undecided /\ \A i \in Ids : \E u \in MemberThreads(c) : i \notin look[u]
    /\ dec' = [dec EXCEPT ![c] = Failed]
    /\ st' = [st EXCEPT ![t] = "failed"]
    /\ look' = [look EXCEPT ![t] = Ids]
    /\ aside' = [aside EXCEPT ![t] = {}]
    /\ UNCHANGED ret

(* t's process frees the new communicator: its id is free there again. *)
Free(t) ==
    /\ st[t] = "done"
    /\ st' = [st EXCEPT ![t] = "freed"]
    /\ UNCHANGED <<dec, ret, look, aside>>

Next == \E t \in Threads : \/ Call(t) \/ Progress(t) \/ Fail(t) \/ Free(t)
                           \/ \E i \in Ids : TakeId(t, i)

(* Every call returns on every member. *)
Termination == <>(\A t \in Threads : st[t] \in Returned)

Spec == Init /\ [][Next]_vars /\ Termination

(* The promise's own states, for TLC to check its invariants on them      *)
(* (model ctx_promise): Update with its choices enumerated, the looks cut   *)
(* down to the two extremes, the exact free ids or none (Ids). That keeps  *)
(* every (st, dec, ret) the promise can reach, which is all its invariants *)
(* read: a look that is a superset of another only disables Fail.          *)
GenUpdate(t) ==
    \E L \in {Available(t), Ids}, S \in {A \in SUBSET Ids : Cardinality(A) <= AsideMax} :
        /\ look' = [look EXCEPT ![t] = L]
        /\ aside' = [aside EXCEPT ![t] = S]
GenCall(t) == /\ st[t] = "idle"
              /\ \A u \in Prior[t] : st[u] \in Returned
              /\ \A u \in Issued[t] : st[u] # "idle"
              /\ st' = [st EXCEPT ![t] = "in"] /\ GenUpdate(t) /\ UNCHANGED <<dec, ret>>
GenProgress(t) == st[t] = "in" /\ GenUpdate(t) /\ UNCHANGED <<st, dec, ret>>
GenNext == \E t \in Threads : \/ GenCall(t) \/ GenProgress(t) \/ Fail(t) \/ Free(t)
                              \/ \E i \in Ids : TakeId(t, i)
GenSpec == Init /\ [][GenNext]_vars

-----------------------------------------------------------------------------
(* The promise's invariants, which every algorithm's refinement inherits.  *)

(* All members of a new communicator return the same id, or all fail.      *)
(* One pass over the threads (the pairs (call, id) of the threads that     *)
(* took an id are as many as their calls iff each call's threads took one  *)
(* id): trace validation evaluates this on windows with tens of calls.     *)
Agreement ==
    LET took   == {t \in Threads : st[t] \in {"done", "freed"}}
        failed == {t \in Threads : st[t] = "failed"}
    IN  /\ Cardinality({<<Cl[t], ret[t]>> : t \in took}) = Cardinality({Cl[t] : t \in took})
        /\ {Cl[t] : t \in took} \cap {Cl[t] : t \in failed} = {}

(* No process holds one id for two live communicators, and a live id is    *)
(* one of the process's ids. One pass over the threads, as Agreement: the  *)
(* pairs (process, id) of the live threads are as many as the threads iff  *)
(* no process holds one id twice.                                          *)
UniqueLive ==
    LET live == {t \in Threads : st[t] = "done"}
    IN  /\ Cardinality({<<Pr[t], ret[t]>> : t \in live}) = Cardinality(live)
        /\ \A t \in live : ret[t] \in IdsOf(Pr[t])
=============================================================================
