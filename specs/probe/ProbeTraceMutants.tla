--------------------------- MODULE ProbeTraceMutants ---------------------------
(***************************************************************************)
(* ProbeTrace with the spec mutants of ProbeMutants at hand, so that a      *)
(* trace check can run a mutant ("Mprobe <- MprobeLeavesMessage",          *)
(* "FirstMatch <- LastMatch" in TLC's configuration) and show that its      *)
(* checks fail: a trace the mutant can take violates the property the      *)
(* mutant breaks (ProbeTraceTest).                                          *)
(***************************************************************************)
EXTENDS ProbeTrace, ProbeMutants
=============================================================================
