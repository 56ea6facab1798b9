---- MODULE MC_progress_rule_p2p ----
(* Generated from specs/manifest.json by org.mpiverify.specs.ModelGenerator: do not edit. *)
(* Model progress_rule_p2p: ProgressRule's point-to-point wait: t1's blocking receive begins while *)
(* nothing is outstanding (Completion's own wait, registered in the rank's registry); t2 starts s1, *)
(* whose start, the first outstanding, wakes the registry, and waits in user code for t1: t1 must *)
(* poll s1 alone *)
EXTENDS ProgressEngine
MC_Threads == {"t1", "t2"}
MC_Sched == {"s1"}
MC_P2P == {"r1"}
MC_Steps == [s \in MC_Sched |-> 1]
MC_Dep == [r \in MC_P2P |-> "s1"]
MC_Prog == [t \in MC_Threads |-> CASE t = "t1" -> <<[op |-> "rule", on |-> "r1"]>> [] t = "t2" -> <<[op |-> "start", on |-> "s1"], [op |-> "join", on |-> [t |-> "t1", i |-> 1]], [op |-> "wait", on |-> "s1"]>>]
MC_Lanes == MC_Sched
MC_LaneOwner == [l \in MC_Sched |-> l]
MC_Begun == {}
MC_WakeOnFirstStart == TRUE
====
