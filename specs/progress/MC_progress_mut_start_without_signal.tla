---- MODULE MC_progress_mut_start_without_signal ----
(* Generated from specs/manifest.json by org.mpiverify.specs.ModelGenerator: do not edit. *)
(* Model progress_mut_start_without_signal: start without its signal: s1's transfer completes *)
(* between its first step and its add, wakes the poller, which polls before s1 is in the set; *)
(* nothing makes it look again *)
EXTENDS ProgressEngineMutants
MC_Threads == {"t1", "t2"}
MC_Sched == {"s1"}
MC_P2P == {"r1"}
MC_Steps == [s \in MC_Sched |-> 1]
MC_Dep == [r \in MC_P2P |-> "s1"]
MC_Prog == [t \in MC_Threads |-> CASE t = "t1" -> <<[op |-> "wait", on |-> "r1"]>> [] t = "t2" -> <<[op |-> "start", on |-> "s1"], [op |-> "join", on |-> [t |-> "t1", i |-> 1]], [op |-> "wait", on |-> "s1"]>>]
MC_Lanes == MC_Sched
MC_LaneOwner == [l \in MC_Sched |-> l]
MC_Begun == {}
MC_WakeOnFirstStart == TRUE
====
