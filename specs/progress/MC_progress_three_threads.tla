---- MODULE MC_progress_three_threads ----
(* Generated from specs/manifest.json by org.mpiverify.specs.ModelGenerator: do not edit. *)
(* Model progress_three_threads: three waiters: a poller and two standbys, either of which may take *)
(* the role when the poller leaves; safety only (its liveness over 2 million states is beyond the *)
(* class's budget) *)
EXTENDS ProgressEngine
MC_Threads == {"t1", "t2", "t3"}
MC_Sched == {"s1"}
MC_P2P == {"r1", "r2"}
MC_Steps == [s \in MC_Sched |-> 1]
MC_Dep == [r \in MC_P2P |-> NoSched]
MC_Prog == [t \in MC_Threads |-> CASE t = "t1" -> <<[op |-> "wait", on |-> "r1"]>> [] t = "t2" -> <<[op |-> "wait", on |-> "s1"]>> [] t = "t3" -> <<[op |-> "wait", on |-> "r2"]>>]
MC_Lanes == MC_Sched
MC_LaneOwner == [l \in MC_Sched |-> l]
MC_Begun == {"s1"}
MC_WakeOnFirstStart == TRUE
====
