---- MODULE MC_progress_mut_rule_no_wake ----
(* Generated from specs/manifest.json by org.mpiverify.specs.ModelGenerator: do not edit. *)
(* Model progress_mut_rule_no_wake: ProgressRule without the first start's wake-up of the rank's *)
(* registry: t1's point-to-point wait, begun while nothing was outstanding, sleeps while s1 needs *)
(* it *)
EXTENDS ProgressEngineMutants
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
