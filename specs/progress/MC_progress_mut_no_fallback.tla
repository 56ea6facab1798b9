---- MODULE MC_progress_mut_no_fallback ----
(* Generated from specs/manifest.json by org.mpiverify.specs.ModelGenerator: do not edit. *)
(* Model progress_mut_no_fallback: NoFallbackProgressEngine: a transfer of an operation wakes only *)
(* the thread registered on its request, never the parked poller *)
EXTENDS ProgressEngineMutants
MC_Threads == {"t1"}
MC_Sched == {"s1"}
MC_P2P == {}
MC_Steps == [s \in MC_Sched |-> 1]
MC_Dep == [r \in {} |-> NoSched]
MC_Prog == [t \in MC_Threads |-> <<[op |-> "wait", on |-> "s1"]>>]
MC_Lanes == MC_Sched
MC_LaneOwner == [l \in MC_Sched |-> l]
MC_Begun == {"s1"}
MC_WakeOnFirstStart == TRUE
====
