---- MODULE MC_sched_two_threads_same_word ----
(* Generated from specs/manifest.json by org.mpiverify.specs.ModelGenerator: do not edit. *)
(* Model sched_two_threads_same_word: the same with both threads in one word: one exchange takes *)
(* both signals *)
EXTENDS BitVectorScheduler
MC_Threads == {"a", "b"}
MC_Reqs == ("a" :> <<1>> @@ "b" :> <<2>>)
MC_NumWords == 2
MC_WordOf == ("a" :> 1 @@ "b" :> 1)
MC_GroupOf == <<1, 1>>
====
