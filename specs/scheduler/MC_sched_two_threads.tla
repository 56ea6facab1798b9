---- MODULE MC_sched_two_threads ----
(* Generated from specs/manifest.json by org.mpiverify.specs.ModelGenerator: do not edit. *)
(* Model sched_two_threads: two threads in two words of two index groups, one wait each, each *)
(* request completed by its own server at any time, racing the worker's exchanges and its sleep; *)
(* the safety properties and deadlock freedom *)
EXTENDS BitVectorScheduler
MC_Threads == {"a", "b"}
MC_Reqs == ("a" :> <<1>> @@ "b" :> <<2>>)
MC_NumWords == 2
MC_WordOf == ("a" :> 1 @@ "b" :> 2)
MC_GroupOf == <<1, 2>>
====
