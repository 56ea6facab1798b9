---- MODULE MC_sched_mut_wait_spins ----
(* Generated from specs/manifest.json by org.mpiverify.specs.ModelGenerator: do not edit. *)
(* Model sched_mut_wait_spins: ThreadWait as a busy wait: a thread whose flag is clear checks again *)
(* instead of parking, and keeps the worker while its request never completes *)
EXTENDS BitVectorSchedulerOpenMutants
MC_Threads == {"a"}
MC_Reqs == ("a" :> <<1, 2>>)
MC_NumWords == 1
MC_WordOf == ("a" :> 1)
MC_GroupOf == <<1>>
====
