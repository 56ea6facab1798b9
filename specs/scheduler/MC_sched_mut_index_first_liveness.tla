---- MODULE MC_sched_mut_index_first_liveness ----
(* Generated from specs/manifest.json by org.mpiverify.specs.ModelGenerator: do not edit. *)
(* Model sched_mut_index_first_liveness: the same mutant: the signalled thread never runs *)
EXTENDS BitVectorSchedulerMutants
MC_Threads == {"a"}
MC_Reqs == ("a" :> <<1>>)
MC_NumWords == 2
MC_WordOf == ("a" :> 2)
MC_GroupOf == <<1, 1>>
====
