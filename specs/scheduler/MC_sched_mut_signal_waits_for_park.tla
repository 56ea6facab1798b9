---- MODULE MC_sched_mut_signal_waits_for_park ----
(* Generated from specs/manifest.json by org.mpiverify.specs.ModelGenerator: do not edit. *)
(* Model sched_mut_signal_waits_for_park: a ThreadSignal that waits for its waiter to park before *)
(* unparking it: the waiter finds the flag set and never parks, and the signal never returns *)
EXTENDS BitVectorSchedulerMutants
MC_Threads == {"a"}
MC_Reqs == ("a" :> <<1, 2>>)
MC_NumWords == 1
MC_WordOf == ("a" :> 1)
MC_GroupOf == <<1>>
====
