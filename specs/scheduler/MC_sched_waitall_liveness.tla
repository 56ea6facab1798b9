---- MODULE MC_sched_waitall_liveness ----
(* Generated from specs/manifest.json by org.mpiverify.specs.ModelGenerator: do not edit. *)
(* Model sched_waitall_liveness: the two-thread model of sched_waitall against the temporal *)
(* properties *)
EXTENDS BitVectorScheduler
MC_Threads == {"a", "b"}
MC_Reqs == ("a" :> <<1, 2>> @@ "b" :> <<3>>)
MC_NumWords == 2
MC_WordOf == ("a" :> 1 @@ "b" :> 2)
MC_GroupOf == <<1, 2>>
====
