---- MODULE MC_progress_start_signal ----
(* Generated from specs/manifest.json by org.mpiverify.specs.ModelGenerator: do not edit. *)
(* Model progress_start_signal: t1 waits, polling, on r1, whose message needs s1; t2 starts s1, *)
(* waits in user code until t1 returns, then waits on s1: t1 (the poller, maybe parked before s1 *)
(* exists) must learn of s1 from start's signal and move it alone *)
EXTENDS ProgressEngine
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
