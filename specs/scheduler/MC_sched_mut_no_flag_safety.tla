---- MODULE MC_sched_mut_no_flag_safety ----
(* Generated from specs/manifest.json by org.mpiverify.specs.ModelGenerator: do not edit. *)
(* Model sched_mut_no_flag_safety: the same mutant against NoLostWakeup: the thread is parked on a *)
(* request whose flag is set and no signal is on its way *)
EXTENDS BitVectorSchedulerMutants
MC_Threads == {"a"}
MC_Reqs == ("a" :> <<1, 2>>)
MC_NumWords == 1
MC_WordOf == ("a" :> 1)
MC_GroupOf == <<1>>
====
