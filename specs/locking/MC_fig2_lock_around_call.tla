---- MODULE MC_fig2_lock_around_call ----
(* Model fig2_lock_around_call of BlockingLocks. *)
EXTENDS BlockingLocks
====
