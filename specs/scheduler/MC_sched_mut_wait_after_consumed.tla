---- MODULE MC_sched_mut_wait_after_consumed ----
(* Generated from specs/manifest.json by org.mpiverify.specs.ModelGenerator: do not edit. *)
(* Model sched_mut_wait_after_consumed: the paper's second erroneous use: resumed by its signal, *)
(* the thread parks again although the flag is set; nothing will signal it *)
EXTENDS BitVectorSchedulerMutants
MC_Threads == {"a"}
MC_Reqs == ("a" :> <<1, 2>>)
MC_NumWords == 1
MC_WordOf == ("a" :> 1)
MC_GroupOf == <<1>>
====
