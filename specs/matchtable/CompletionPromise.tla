--------------------------- MODULE CompletionPromise ---------------------------
(***************************************************************************)
(* What a request's completion promises the thread that waits on it,       *)
(* written from MPI's MPI_Wait/MPI_Waitall and Dang, Snir & Gropp §3.1,    *)
(* not from ThreadWait/ThreadSignal: Completion.tla (the protocol of       *)
(* org.mpiverify.core.request.Completion) refines it.                      *)
(*                                                                         *)
(* Each waiter is one thread that waits on its requests ReqsOf[w] in       *)
(* order, as MPI_Waitall does (one request: MPI_Wait); MPI lets one thread *)
(* at most wait on a request. A request is signalled (completed) once.     *)
(*  - A wait returns only after its request's signal, and a Waitall only   *)
(*    after every one of its requests' (SignalledBeforeReturn): a signal   *)
(*    that happened before the wait is not lost, and a wake-up meant for   *)
(*    another request, or none, is not taken for this one (§3.1: "for     *)
(*    each MPI request we use an additional flag").                        *)
(*  - Every signalled waiter eventually runs (WakesUp): no lost wake-up,   *)
(*    also for a Waitall whose requests completed before it waited.        *)
(***************************************************************************)
EXTENDS Naturals, Sequences

CONSTANTS
    Waiters,    \* the waiting threads
    Reqs,       \* the requests
    ReqsOf      \* [Waiters -> Seq(Reqs)]: what each waiter waits on, in order

VARIABLES
    done,       \* [Reqs -> BOOLEAN]  signalled
    at          \* [Waiters -> Nat]   the position of the request w waits on (Len + 1: returned)

vars == <<done, at>>

Waiting(w) == at[w] <= Len(ReqsOf[w])
Cur(w) == ReqsOf[w][at[w]]

Init == /\ done = [k \in Reqs |-> FALSE]
        /\ at = [w \in Waiters |-> 1]

Signal(k) == /\ ~done[k]
             /\ done' = [done EXCEPT ![k] = TRUE]
             /\ UNCHANGED at

(* The wait on w's current request returns: only once it is signalled. *)
Return(w) == /\ Waiting(w)
             /\ done[Cur(w)]
             /\ at' = [at EXCEPT ![w] = @ + 1]
             /\ UNCHANGED done

Next == (\E k \in Reqs : Signal(k)) \/ (\E w \in Waiters : Return(w))

(* Every signalled waiter eventually runs: a waiter does not stay forever  *)
(* on a request that is signalled (done stays set, so that means it moves  *)
(* past it).                                                               *)
WakesUp == \A w \in Waiters : []<>(Waiting(w) => ~done[Cur(w)])

Spec == Init /\ [][Next]_vars /\ WakesUp

(* The promise's invariant: every request a waiter has got past is         *)
(* signalled.                                                              *)
SignalledBeforeReturn == \A w \in Waiters : \A i \in 1..(at[w] - 1) : done[ReqsOf[w][i]]
=============================================================================
