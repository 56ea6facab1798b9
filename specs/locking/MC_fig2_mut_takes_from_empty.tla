---- MODULE MC_fig2_mut_takes_from_empty ----
(* Generated from specs/manifest.json by org.mpiverify.specs.ModelGenerator: do not edit. *)
(* Model fig2_mut_takes_from_empty: mutant PostTakesFromEmpty (>= for >): a receive takes a message *)
(* from an empty queue, a step the promise has not (RefinesBlockingCallPromise) *)
EXTENDS BlockingLocksMutants
MC_Granularity == "GLOBAL"
MC_Procs == {0, 1}
====
