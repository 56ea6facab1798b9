---- MODULE MC_sched_mut_index_first ----
(* Generated from specs/manifest.json by org.mpiverify.specs.ModelGenerator: do not edit. *)
(* Model sched_mut_index_first: ThreadSignal with its bit sets swapped (index, then word): the *)
(* worker exchanges the index and passes the word between them; the word bit is then set with no *)
(* index bit to find it *)
EXTENDS BitVectorSchedulerMutants
MC_Threads == {"a"}
MC_Reqs == ("a" :> <<1>>)
MC_NumWords == 2
MC_WordOf == ("a" :> 2)
MC_GroupOf == <<1, 1>>
====
