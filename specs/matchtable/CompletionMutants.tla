--------------------------- MODULE CompletionMutants ---------------------------
(***************************************************************************)
(* Spec mutants of Completion: each definition replaces one operator of    *)
(* the spec (a model's configuration says which, "Op <- Mutant"), each a   *)
(* mistake the Java could make, and the manifest names the property of     *)
(* CompletionPromise that TLC must find violated.                          *)
(***************************************************************************)
EXTENDS Completion

(* The waiter goes on after park returns without reading done again: the  *)
(* permit of an unpark meant for its previous request (the completer read *)
(* the slot before the waiter left it) ends the wait on the next one.      *)
WakeNoRecheck(w) == TW!Wake(w, "leave") /\ UNCHANGED ix

(* Dekker's order broken on the waiter's side: it reads done before it     *)
(* publishes itself, and parks after publishing without a second look: a   *)
(* signal between the read and the publication finds no waiter.           *)
ReadThenPublish(w) ==
    \/ /\ pc[w] = "wait"
       /\ pc' = [pc EXCEPT ![w] = IF flag[Cur(w)] THEN "leave" ELSE "late"]
       /\ UNCHANGED <<flag, waiter, bit, ix>>
    \/ /\ pc[w] = "late"
       /\ waiter' = [waiter EXCEPT ![Cur(w)] = TRUE]
       /\ pc' = [pc EXCEPT ![w] = "park"]
       /\ UNCHANGED <<flag, bit, ix>>

(* Dekker's order broken on the completer's side: it reads the waiter slot *)
(* before it writes done; a waiter that publishes in between and reads     *)
(* done clear parks, and nobody unparks it.                                *)
ReadThenSignal(k) ==
    \/ /\ pc[k] = "signal"
       /\ pc' = [pc EXCEPT ![k] = IF waiter[k] THEN "setSeen" ELSE "set"]
       /\ UNCHANGED <<flag, waiter, bit, ix>>
    \/ /\ pc[k] \in {"set", "setSeen"}
       /\ flag' = [flag EXCEPT ![k] = TRUE]
       /\ pc' = [pc EXCEPT ![k] = IF pc[k] = "setSeen" THEN "unparkSeen" ELSE "idle"]
       /\ UNCHANGED <<waiter, bit, ix>>

(* Algorithm 4 without §3.1's flag: the wait parks at once and goes on     *)
(* when it runs again; the signal only sets the waiter's permit. Two       *)
(* signals before the first wait of a Waitall set it once.                 *)
ParkAtOnce(w) == /\ pc[w] = "wait"
                 /\ pc' = [pc EXCEPT ![w] = "park"]
                 /\ UNCHANGED <<flag, waiter, bit, ix>>
PermitOnlySignal(k) == /\ pc[k] = "signal"
                       /\ flag' = [flag EXCEPT ![k] = TRUE]
                       /\ bit' = [bit EXCEPT ![Owner(k)] = TRUE]
                       /\ pc' = [pc EXCEPT ![k] = "idle"]
                       /\ UNCHANGED <<waiter, ix>>
=============================================================================
