------------------------- MODULE CompletionTraceMutants -------------------------
(***************************************************************************)
(* CompletionTrace with spec mutants at hand, so that a trace check can    *)
(* run one ("UnparkStep <- UnparkNoBit" in TLC's configuration) and show   *)
(* that its invariant can fail: a recorded trace in which a completer     *)
(* found the parked waiter violates NoLostWakeup under the mutant          *)
(* (CompletionTraceTest).                                                  *)
(***************************************************************************)
EXTENDS CompletionTrace

(* ThreadSignal's second half without its effect: the completer finds the waiter and sets no bit *)
(* (the wake-up Algorithm 4 needs is never delivered).                                           *)
UnparkNoBit(s, k, o) ==
    /\ pc[s] = "unpark"
    /\ pc' = [pc EXCEPT ![s] = "idle"]
    /\ UNCHANGED <<flag, waiter, bit>>
=============================================================================
