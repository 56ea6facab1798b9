---- MODULE MC_sched_mut_no_flag ----
(* Generated from specs/manifest.json by org.mpiverify.specs.ModelGenerator: do not edit. *)
(* Model sched_mut_no_flag: §3.1 without the per-request flag (ThreadWait parks whatever the *)
(* request's state; every completion signals): both requests of a Waitall complete before its first *)
(* wait, their two signals leave one permit, and the second wait sleeps for ever *)
EXTENDS BitVectorSchedulerMutants
MC_Threads == {"a"}
MC_Reqs == ("a" :> <<1, 2>>)
MC_NumWords == 1
MC_WordOf == ("a" :> 1)
MC_GroupOf == <<1>>
====
