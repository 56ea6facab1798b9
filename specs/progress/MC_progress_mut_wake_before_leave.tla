---- MODULE MC_progress_mut_wake_before_leave ----
(* Generated from specs/manifest.json by org.mpiverify.specs.ModelGenerator: do not edit. *)
(* Model progress_mut_wake_before_leave: WakeBeforeLeaveProgressEngine: the leaving poller wakes *)
(* the standby queue before it gives up the role; a waiter that joins the queue in between sees the *)
(* old poller and parks *)
EXTENDS ProgressEngineMutants
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
