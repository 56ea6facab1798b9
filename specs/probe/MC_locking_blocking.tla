---- MODULE MC_locking_blocking ----
(* Model locking_blocking of ProbeLocking. *)
EXTENDS ProbeLocking
====
