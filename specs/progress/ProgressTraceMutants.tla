------------------------- MODULE ProgressTraceMutants -------------------------
(***************************************************************************)
(* ProgressTrace with a spec mutant at hand, so that a trace check can run *)
(* it ("Ring <- RingNoUnpark" in TLC's configuration) and show that its    *)
(* invariant can fail: a recorded trace in which a completer found the     *)
(* poller parked violates NoLostProgress under the mutant                  *)
(* (ProgressTraceTest).                                                    *)
(***************************************************************************)
EXTENDS ProgressTrace

(* Ring without its effect: the completer reads the parked poller and unparks nobody. *)
RingNoUnpark(x) ==
    /\ lpc[x] = "ring"
    /\ lpc' = [lpc EXCEPT ![x] = "idle"]
    /\ event' = Ev(x, "reads the parked poller and unparks nobody", {})
    /\ UNCHANGED <<pc, ThreadVars, permit, slot, done, started, work, left, blocked>> /\ UNCHANGED EngineVars
=============================================================================
