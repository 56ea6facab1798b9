------------------------- MODULE BlockingLocksMutants -------------------------
(***************************************************************************)
(* Spec mutants of BlockingLocks: each definition replaces one operator of *)
(* the spec (a model's configuration says which, "Op <- Mutant"), each a   *)
(* mistake the Java could make, and the manifest names the property TLC    *)
(* must find violated.                                                     *)
(***************************************************************************)
EXTENDS BlockingLocks

(* The matching engine drops a message that finds no posted receive        *)
(* instead of queueing it: the receive that comes later waits forever,     *)
(* and the message is gone (MessagesConserved).                            *)
DeliverDropsUnexpected(t) ==
    LET q == Other(Pr[t]) IN
    /\ pc[t] = "deliver"
    /\ IF posted[q]
         THEN /\ posted' = [posted EXCEPT ![q] = FALSE]
              /\ pc' = [pc EXCEPT ![t] = "signal"]
              /\ event' = Ev(Lane(t), "message matches the posted receive", {Receiver(q)})
         ELSE /\ pc' = [pc EXCEPT ![t] = "finish"]
              /\ UNCHANGED posted
              /\ event' = Ev(Lane(t), "no receive posted: message DROPPED", {Receiver(q)})
    /\ UNCHANGED <<lock, queue, flag, waiter, bit>>

(* The engine's "is a message there?" off by one: a receive posted on an   *)
(* empty queue takes a message that was never sent.                        *)
PostTakesFromEmpty(t) ==
    LET p == Pr[t] IN
    /\ pc[t] = "post"
    /\ IF queue[p] >= 0
         THEN /\ queue' = [queue EXCEPT ![p] = @ - 1]
              /\ flag' = [flag EXCEPT ![p] = TRUE]
              /\ pc' = [pc EXCEPT ![t] = "block"]
              /\ UNCHANGED posted
              /\ event' = Ev(Lane(t), "takes a message", {})
         ELSE /\ posted' = [posted EXCEPT ![p] = TRUE]
              /\ pc' = [pc EXCEPT ![t] = "block"]
              /\ UNCHANGED <<queue, flag>>
              /\ event' = Ev(Lane(t), "no message: post the receive", {})
    /\ UNCHANGED <<lock, waiter, bit>>
=============================================================================
