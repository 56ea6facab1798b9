---- MODULE MC_sched_one_thread_liveness ----
(* Generated from specs/manifest.json by org.mpiverify.specs.ModelGenerator: do not edit. *)
(* Model sched_one_thread_liveness: one thread's Waitall of two requests against every property: *)
(* the temporal ones in a model small enough for a quick run *)
EXTENDS BitVectorScheduler
MC_Threads == {"a"}
MC_Reqs == ("a" :> <<1, 2>>)
MC_NumWords == 1
MC_WordOf == ("a" :> 1)
MC_GroupOf == <<1>>
====
