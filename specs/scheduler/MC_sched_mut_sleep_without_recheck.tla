---- MODULE MC_sched_mut_sleep_without_recheck ----
(* Generated from specs/manifest.json by org.mpiverify.specs.ModelGenerator: do not edit. *)
(* Model sched_mut_sleep_without_recheck: the idle worker parks without re-reading the index after *)
(* announcing its sleep: a signal whose wake-up check came before the announcement is slept through *)
EXTENDS BitVectorSchedulerMutants
MC_Threads == {"a"}
MC_Reqs == ("a" :> <<1, 2>>)
MC_NumWords == 1
MC_WordOf == ("a" :> 1)
MC_GroupOf == <<1>>
====
