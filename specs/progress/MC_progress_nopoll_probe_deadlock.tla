---- MODULE MC_progress_nopoll_probe_deadlock ----
(* Generated from specs/manifest.json by org.mpiverify.specs.ModelGenerator: do not edit. *)
(* Model progress_nopoll_probe_deadlock: the same without properties: the job hangs (deadlock) *)
EXTENDS ProgressEngine
MC_Threads == {"t1"}
MC_Sched == {"s1"}
MC_P2P == {"r1"}
MC_Steps == [s \in MC_Sched |-> 2]
MC_Dep == [r \in MC_P2P |-> "s1"]
MC_Prog == [t \in MC_Threads |-> <<[op |-> "start", on |-> "s1"], [op |-> "block", on |-> "r1"], [op |-> "wait", on |-> "s1"]>>]
MC_Lanes == MC_Sched
MC_LaneOwner == [l \in MC_Sched |-> l]
MC_Begun == {}
MC_WakeOnFirstStart == TRUE
====
