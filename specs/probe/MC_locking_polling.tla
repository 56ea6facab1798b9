---- MODULE MC_locking_polling ----
(* Model locking_polling of ProbeLocking. *)
EXTENDS ProbeLocking
====
