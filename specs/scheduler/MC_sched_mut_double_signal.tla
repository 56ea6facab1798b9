---- MODULE MC_sched_mut_double_signal ----
(* Generated from specs/manifest.json by org.mpiverify.specs.ModelGenerator: do not edit. *)
(* Model sched_mut_double_signal: the paper's first erroneous use: a bare AtomicBitSet for a thread *)
(* that is not parked (a second signal) marks it, and the worker switches to a thread that is *)
(* running, parked without a signal, or ended *)
EXTENDS BitVectorSchedulerMutants
MC_Threads == {"a"}
MC_Reqs == ("a" :> <<1, 2>>)
MC_NumWords == 1
MC_WordOf == ("a" :> 1)
MC_GroupOf == <<1>>
====
