---- MODULE MC_fig2_global ----
(* Generated from specs/manifest.json by org.mpiverify.specs.ModelGenerator: do not edit. *)
(* Model fig2_global: GLOBAL (release before blocking): Fig. 2 keeps MPI's promise for every *)
(* interleaving, with the signal racing the receive's post, unlock and park *)
EXTENDS BlockingLocks
MC_Granularity == "GLOBAL"
MC_Procs == {0, 1}
====
