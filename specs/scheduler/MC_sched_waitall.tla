---- MODULE MC_sched_waitall ----
(* Generated from specs/manifest.json by org.mpiverify.specs.ModelGenerator: do not edit. *)
(* Model sched_waitall: two threads in two words of two index groups; a Waitall of two requests and *)
(* a wait on one, each request completed by its own server at any time, racing the worker's *)
(* exchanges and its sleep; the safety properties and deadlock freedom *)
EXTENDS BitVectorScheduler
MC_Threads == {"a", "b"}
MC_Reqs == ("a" :> <<1, 2>> @@ "b" :> <<3>>)
MC_NumWords == 2
MC_WordOf == ("a" :> 1 @@ "b" :> 2)
MC_GroupOf == <<1, 2>>
====
