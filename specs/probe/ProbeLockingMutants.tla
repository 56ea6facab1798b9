------------------------- MODULE ProbeLockingMutants -------------------------
(***************************************************************************)
(* Spec mutants of ProbeLocking (a model's configuration says which        *)
(* operator each replaces, "Op <- Mutant").                                *)
(***************************************************************************)
EXTENDS ProbeLocking

(* A lock that lets any request overtake queued overlapping ones (a        *)
(* non-fair lock that always lets a barging thread in).                    *)
BargingMayAcquire(t) == TRUE
=============================================================================
