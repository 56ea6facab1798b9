---- MODULE MC_fig2_mut_drops_unexpected ----
(* Generated from specs/manifest.json by org.mpiverify.specs.ModelGenerator: do not edit. *)
(* Model fig2_mut_drops_unexpected: mutant DeliverDropsUnexpected: a message that finds no posted *)
(* receive is dropped instead of queued (MessagesConserved) *)
EXTENDS BlockingLocksMutants
MC_Granularity == "GLOBAL"
MC_Procs == {0, 1}
====
