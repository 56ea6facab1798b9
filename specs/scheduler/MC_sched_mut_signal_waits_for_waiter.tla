---- MODULE MC_sched_mut_signal_waits_for_waiter ----
(* Generated from specs/manifest.json by org.mpiverify.specs.ModelGenerator: do not edit. *)
(* Model sched_mut_signal_waits_for_waiter: a ThreadSignal that finds no waiter published waits for *)
(* one: the second request completes while the thread is parked on the first, which never *)
(* completes, and its signaller never returns *)
EXTENDS BitVectorSchedulerOpenMutants
MC_Threads == {"a"}
MC_Reqs == ("a" :> <<1, 2>>)
MC_NumWords == 1
MC_WordOf == ("a" :> 1)
MC_GroupOf == <<1>>
====
