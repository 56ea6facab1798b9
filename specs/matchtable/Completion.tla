------------------------------ MODULE Completion ------------------------------
(***************************************************************************)
(* The protocol of org.mpiverify.core.request.Completion, step by step as  *)
(* the Java runs it: Dang, Snir & Gropp's ThreadWait/ThreadSignal with the *)
(* per-request "already signalled" flag (§3.1), over ThreadWaitSignal      *)
(* (INSTANCE, the module MatchTable and CompletionTrace use). It refines   *)
(* CompletionPromise (RefinesCompletionPromise).                           *)
(*                                                                         *)
(* Waiters run MPI_Waitall over ReqsOf[w], one await per request; each     *)
(* request has one completer (its lane is the request's name), which       *)
(* signals it once. Each step is one access the Java makes atomically:     *)
(*   await:  Peek     the fast path / spin reads done, set: return         *)
(*           Publish  CAS of the waiter slot            TW!Publish         *)
(*           Check    read of done after publishing     TW!Check           *)
(*           Wake     park returns, the permit consumed TW!Wake            *)
(*           Spurious park returns without a permit     (no fairness)      *)
(*           Leave    the finally block clears the slot                    *)
(*   signal: Signal   write of done                     TW!Signal          *)
(*           Read     read of the waiter slot           TW!ReadWaiter      *)
(*           Unpark   LockSupport.unpark(w)             TW!UnparkSeen      *)
(* The read and the unpark are two steps, as in the Java: between them the *)
(* waiter can see done, leave, and park on its next request, so the unpark *)
(* sets the permit of a thread that now waits for something else. The      *)
(* re-check after every return from park is what makes that harmless.      *)
(* LockSupport.park may return spuriously (Spurious): no fairness is       *)
(* assumed for it, so a lost wake-up is not hidden by a poll.              *)
(***************************************************************************)
EXTENDS Naturals, Sequences, FiniteSets, TLC

CONSTANTS
    Waiters,    \* waiting threads (strings)
    Reqs,       \* requests (strings, distinct from the waiters): each is also its completer's lane
    ReqsOf      \* [Waiters -> Seq(Reqs)]: each waiter's Waitall, in order

ASSUME Waiters \cap Reqs = {}
(* MPI: at most one thread waits on a request. *)
Places == UNION {{<<w, i>> : i \in DOMAIN ReqsOf[w]} : w \in Waiters}
ASSUME \A k \in Reqs : Cardinality({x \in Places : ReqsOf[x[1]][x[2]] = k}) <= 1

Lanes == Waiters \cup Reqs
Min(a, b) == IF a < b THEN a ELSE b
Owner(k) == CHOOSE w \in Waiters : \E i \in DOMAIN ReqsOf[w] : ReqsOf[w][i] = k

VARIABLES
    pc,       \* [Lanes -> label]
    flag,     \* [Reqs -> BOOLEAN]     done
    waiter,   \* [Reqs -> BOOLEAN]     the waiter slot is taken
    bit,      \* [Waiters -> BOOLEAN]  LockSupport's permit
    ix        \* [Waiters -> Nat]      the position of the request w waits on (Len + 1: returned)

vars == <<pc, flag, waiter, bit, ix>>

TW == INSTANCE ThreadWaitSignal

Waiting(w) == ix[w] <= Len(ReqsOf[w])
Cur(w) == ReqsOf[w][ix[w]]

Init == /\ pc = [o \in Lanes |-> IF o \in Reqs THEN "signal"
                                ELSE IF Len(ReqsOf[o]) > 0 THEN "wait" ELSE "done"]
        /\ flag = [k \in Reqs |-> FALSE]
        /\ waiter = [k \in Reqs |-> FALSE]
        /\ bit = [w \in Waiters |-> FALSE]
        /\ ix = [w \in Waiters |-> 1]

(* The wait on the current request is over: on to the next, or Waitall returns. *)
Advance(w) == /\ ix' = [ix EXCEPT ![w] = @ + 1]
              /\ pc' = [pc EXCEPT ![w] = IF ix[w] < Len(ReqsOf[w]) THEN "wait" ELSE "done"]

(* await's fast path and spin: done is set, so it returns without publishing. *)
Peek(w) == /\ pc[w] = "wait" /\ Waiting(w)
           /\ flag[Cur(w)]
           /\ Advance(w)
           /\ UNCHANGED <<flag, waiter, bit>>

Publish(w) == Waiting(w) /\ TW!Publish(w, Cur(w)) /\ UNCHANGED ix
Check(w) == TW!Check(w, Cur(w), "leave") /\ UNCHANGED ix
Wake(w) == TW!Wake(w, "check") /\ UNCHANGED ix

(* park returns without a permit (LockSupport allows it). *)
Spurious(w) == /\ pc[w] = "park"
               /\ ~bit[w]
               /\ pc' = [pc EXCEPT ![w] = "check"]
               /\ UNCHANGED <<flag, waiter, bit, ix>>

(* The finally block: the waiter clears the slot it published. *)
Leave(w) == /\ pc[w] = "leave"
            /\ waiter' = [waiter EXCEPT ![Cur(w)] = FALSE]
            /\ Advance(w)
            /\ UNCHANGED <<flag, bit>>

Signal(k) == TW!Signal(k, k) /\ UNCHANGED ix
Read(k) == TW!ReadWaiter(k, k) /\ UNCHANGED ix
Unpark(k) == TW!UnparkSeen(k, Owner(k)) /\ UNCHANGED ix

WaiterStep(w) == Peek(w) \/ Publish(w) \/ Check(w) \/ Wake(w) \/ Leave(w)
CompleterStep(k) == Signal(k) \/ Read(k) \/ Unpark(k)

AllDone == /\ \A w \in Waiters : pc[w] = "done"
           /\ \A k \in Reqs : pc[k] = "idle"
Terminated == AllDone /\ UNCHANGED vars

Next == \/ \E w \in Waiters : WaiterStep(w) \/ Spurious(w)
        \/ \E k \in Reqs : CompleterStep(k)
        \/ Terminated

(* A runnable thread eventually runs; a parked one runs once its permit is *)
(* set (Wake is enabled only then), never because of a spurious return.    *)
Spec == Init /\ [][Next]_vars
             /\ \A w \in Waiters : WF_vars(WaiterStep(w))
             /\ \A k \in Reqs : WF_vars(CompleterStep(k))

(* The refinement: a request is signalled once its completer has taken    *)
(* its Signal step (not once the flag is set: a Signal that failed to set  *)
(* the flag would then look like no signal at all); a waiter is past a     *)
(* request once it has read the flag set (Peek, or Check before it         *)
(* leaves), and past its last one (Waitall returned) once it is done.      *)
Promise == INSTANCE CompletionPromise
    WITH done <- [k \in Reqs |-> pc[k] # "signal"],
         at <- [w \in Waiters |-> IF pc[w] = "done" THEN Len(ReqsOf[w]) + 1
                                  ELSE Min(ix[w] + (IF pc[w] = "leave" THEN 1 ELSE 0), Len(ReqsOf[w]))]
RefinesCompletionPromise == Promise!Spec
SignalledBeforeReturn == Promise!SignalledBeforeReturn
=============================================================================
