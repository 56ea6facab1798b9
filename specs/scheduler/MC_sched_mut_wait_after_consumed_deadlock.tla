---- MODULE MC_sched_mut_wait_after_consumed_deadlock ----
(* Generated from specs/manifest.json by org.mpiverify.specs.ModelGenerator: do not edit. *)
(* Model sched_mut_wait_after_consumed_deadlock: the same mutant with the deadlock check: the *)
(* servers are done, the worker sleeps, the thread is parked *)
EXTENDS BitVectorSchedulerMutants
MC_Threads == {"a"}
MC_Reqs == ("a" :> <<1, 2>>)
MC_NumWords == 1
MC_WordOf == ("a" :> 1)
MC_GroupOf == <<1>>
====
