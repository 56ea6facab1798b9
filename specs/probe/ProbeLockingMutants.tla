------------------------- MODULE ProbeLockingMutants -------------------------
(***************************************************************************)
(* Spec mutants of ProbeLocking (a model's configuration says which        *)
(* operator each replaces, "Op <- Mutant").                                *)
(***************************************************************************)
EXTENDS ProbeLocking

(* A lock that lets any request overtake queued overlapping ones (a        *)
(* non-fair lock that always lets a barging thread in).                    *)
BargingMayAcquire(t) == TRUE

(* Listing 1.1's locking, one lock per exact (source, tag) point, used with wildcards (the paper: it  *)
(* "does not cover wildcard receives"): (0, ANY) and (0, 1) lock different points, both probe the   *)
(* same message, and the later recv takes the next one. Caught by NoFalseMatch and RefinesMpiProbe. *)
PointOverlap(r1, r2) == r1 = r2

(* The map entry released right after the probe, before the recv (the unlock moved up): another      *)
(* overlapping pair runs in the window between probe and recv. Caught by NoFalseMatch.               *)
ReleaseAtProbe(t) == held \ {Request[t]}
=============================================================================
