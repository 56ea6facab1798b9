-------------------------- MODULE ThreadWaitSignal --------------------------
(***************************************************************************)
(* ThreadWait/ThreadSignal with the per-request "already signalled" flag   *)
(* (Dang, Snir & Gropp §3.1, Algorithm 4 plus the flag), the part of       *)
(* MatchTable that org.mpiverify.core.request.Completion implements, as a  *)
(* module of its own: MatchTable instances it for its waiting receivers    *)
(* and its communication servers, and CompletionTrace instances it to     *)
(* check traces of Completion (the same spec, not a copy).                *)
(*                                                                         *)
(* A request k has the flag flag[k] and the "waiter published" mark       *)
(* waiter[k]; a thread t has its scheduler bit bit[t] (LockSupport's       *)
(* permit: an unpark before the park makes the park return; two unparks   *)
(* are one). The waiter: publish itself ("wait" -> "check"); check the     *)
(* flag (set: go on; clear: "park"); when the scheduler runs it again (its *)
(* bit set, which the step clears) it goes to afterWake (MatchTable:       *)
(* "check", re-check the flag). The signaller: set the flag ("signal" ->   *)
(* "unpark"), then set the waiter's bit if a waiter is published           *)
(* ("unpark" -> "idle"): Unpark, one step, as Algorithm 4's ThreadSignal   *)
(* (MatchTable's server, CompletionTrace). Completion.signal() makes it    *)
(* two: it reads the waiter slot (ReadWaiter: "unpark" -> "unparkSeen" if  *)
(* a waiter is published, else "idle") and then unparks the thread it read *)
(* (UnparkSeen), by which time that thread may have left this request:    *)
(* Completion.tla uses the two, so that this late unpark is in its model. *)
(***************************************************************************)
VARIABLES
    pc,        \* [threads -> label]: the callers' control (the instancing spec's own labels besides these)
    flag,      \* [requests -> BOOLEAN] "already signalled"
    waiter,    \* [requests -> BOOLEAN] a waiter is published
    bit        \* [threads -> BOOLEAN] the scheduler bit / LockSupport permit

(* ThreadWait, first step: t publishes itself as the waiter of k. *)
Publish(t, k) ==
    /\ pc[t] = "wait"
    /\ waiter' = [waiter EXCEPT ![k] = TRUE]
    /\ pc' = [pc EXCEPT ![t] = "check"]
    /\ UNCHANGED <<flag, bit>>

(* Then it checks the flag: set, it goes on to goOn; clear, it parks. *)
Check(t, k, goOn) ==
    /\ pc[t] = "check"
    /\ pc' = [pc EXCEPT ![t] = IF flag[k] THEN goOn ELSE "park"]
    /\ UNCHANGED <<flag, waiter, bit>>

(* The scheduler runs a parked thread whose bit is set, and clears the bit. *)
Wake(t, afterWake) ==
    /\ pc[t] = "park"
    /\ bit[t]
    /\ bit' = [bit EXCEPT ![t] = FALSE]
    /\ pc' = [pc EXCEPT ![t] = afterWake]
    /\ UNCHANGED <<flag, waiter>>

(* ThreadSignal with the flag: s sets k's flag ... *)
Signal(s, k) ==
    /\ pc[s] = "signal"
    /\ flag' = [flag EXCEPT ![k] = TRUE]
    /\ pc' = [pc EXCEPT ![s] = "unpark"]
    /\ UNCHANGED <<waiter, bit>>

(* ... then sets the bit of k's owner if a waiter is published. *)
Unpark(s, k, owner) ==
    /\ pc[s] = "unpark"
    /\ bit' = IF waiter[k] THEN [bit EXCEPT ![owner] = TRUE] ELSE bit
    /\ pc' = [pc EXCEPT ![s] = "idle"]
    /\ UNCHANGED <<flag, waiter>>

(* Completion.signal()'s second half as the Java runs it, in two steps:    *)
(* the read of the waiter slot ...                                         *)
ReadWaiter(s, k) ==
    /\ pc[s] = "unpark"
    /\ pc' = [pc EXCEPT ![s] = IF waiter[k] THEN "unparkSeen" ELSE "idle"]
    /\ UNCHANGED <<flag, waiter, bit>>

(* ... and the unpark of the thread it read, whatever that thread does now. *)
UnparkSeen(s, owner) ==
    /\ pc[s] = "unparkSeen"
    /\ bit' = [bit EXCEPT ![owner] = TRUE]
    /\ pc' = [pc EXCEPT ![s] = "idle"]
    /\ UNCHANGED <<flag, waiter>>
=============================================================================
