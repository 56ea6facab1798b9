---- MODULE MC_fig2_global ----
(* Model fig2_global of BlockingLocks. *)
EXTENDS BlockingLocks
====
