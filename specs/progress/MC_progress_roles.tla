---- MODULE MC_progress_roles ----
(* Generated from specs/manifest.json by org.mpiverify.specs.ModelGenerator: do not edit. *)
(* Model progress_roles: t1 waits on a point-to-point request r1 (its message comes on its own), t2 *)
(* on s1, an operation already outstanding that needs one transfer: one is the poller, the other on *)
(* standby; s1's transfer wakes t2 through the routed signal or the poller; r1 completes and the *)
(* poller leaves the role, waking the standby, which takes it (OperationsComplete is not checked *)
(* here: t2 waits on s1, so CallsReturn with WaitReturnsDone implies it) *)
EXTENDS ProgressEngine
MC_Threads == {"t1", "t2"}
MC_Sched == {"s1"}
MC_P2P == {"r1"}
MC_Steps == [s \in MC_Sched |-> 1]
MC_Dep == [r \in MC_P2P |-> NoSched]
MC_Prog == [t \in MC_Threads |-> CASE t = "t1" -> <<[op |-> "wait", on |-> "r1"]>> [] t = "t2" -> <<[op |-> "wait", on |-> "s1"]>>]
MC_Lanes == MC_Sched
MC_LaneOwner == [l \in MC_Sched |-> l]
MC_Begun == {"s1"}
MC_WakeOnFirstStart == TRUE
====
