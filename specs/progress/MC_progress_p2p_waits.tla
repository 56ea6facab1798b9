---- MODULE MC_progress_p2p_waits ----
(* Generated from specs/manifest.json by org.mpiverify.specs.ModelGenerator: do not edit. *)
(* Model progress_p2p_waits: point-to-point waits with nothing outstanding: a blocking receive *)
(* through ProgressRule whose message arrives at any moment of its registration (Completion's own *)
(* wait), and a waitany on two requests of which only one ever completes (MPI: it returns once one *)
(* is complete) *)
EXTENDS ProgressEngine
MC_Threads == {"t1", "t2"}
MC_Sched == {"s1"}
MC_P2P == {"r1", "r2", "r3"}
MC_Steps == [s \in MC_Sched |-> 1]
MC_Dep == [r \in MC_P2P |-> IF r = "r3" THEN "s1" ELSE NoSched]
MC_Prog == [t \in MC_Threads |-> CASE t = "t1" -> <<[op |-> "rule", on |-> "r1"]>> [] t = "t2" -> <<[op |-> "waitany", on |-> {"r2", "r3"}]>>]
MC_Lanes == MC_Sched
MC_LaneOwner == [l \in MC_Sched |-> l]
MC_Begun == {}
MC_WakeOnFirstStart == TRUE
====
