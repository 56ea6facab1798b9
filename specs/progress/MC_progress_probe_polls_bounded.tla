---- MODULE MC_progress_probe_polls_bounded ----
(* Generated from specs/manifest.json by org.mpiverify.specs.ModelGenerator: do not edit. *)
(* Model progress_probe_polls_bounded: progress_probe_polls under EventView (the event count kept *)
(* only as each ticket's lag behind it, all the engine reads of it) and the constraint *)
(* EventsWithinOperations (no more events than its start and its two transfers make): the same *)
(* promise in a state space that stays finite when an operation never finishes, where TLC can show *)
(* the lasso (the Arrive that does not count down) *)
EXTENDS ProgressEngineBounded
MC_Threads == {"t1"}
MC_Sched == {"s1"}
MC_P2P == {"r1"}
MC_Steps == [s \in MC_Sched |-> 2]
MC_Dep == [r \in MC_P2P |-> "s1"]
MC_Prog == [t \in MC_Threads |-> <<[op |-> "start", on |-> "s1"], [op |-> "wait", on |-> "r1"], [op |-> "wait", on |-> "s1"]>>]
MC_Lanes == MC_Sched
MC_LaneOwner == [l \in MC_Sched |-> l]
MC_Begun == {}
MC_WakeOnFirstStart == TRUE
====
