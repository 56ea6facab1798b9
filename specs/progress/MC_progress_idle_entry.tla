---- MODULE MC_progress_idle_entry ----
(* Generated from specs/manifest.json by org.mpiverify.specs.ModelGenerator: do not edit. *)
(* Model progress_idle_entry: FINDING (RankContext.await's entry check, which ProgressRule *)
(* replaces): t1's blocking receive begins while nothing is outstanding, so it waits without *)
(* polling; t2 starts s1 and waits in user code for t1; r1's message needs s1, which nobody polls *)
EXTENDS ProgressEngine
MC_Threads == {"t1", "t2"}
MC_Sched == {"s1"}
MC_P2P == {"r1"}
MC_Steps == [s \in MC_Sched |-> 1]
MC_Dep == [r \in MC_P2P |-> "s1"]
MC_Prog == [t \in MC_Threads |-> CASE t = "t1" -> <<[op |-> "entry", on |-> "r1"]>> [] t = "t2" -> <<[op |-> "start", on |-> "s1"], [op |-> "join", on |-> [t |-> "t1", i |-> 1]], [op |-> "wait", on |-> "s1"]>>]
MC_Lanes == MC_Sched
MC_LaneOwner == [l \in MC_Sched |-> l]
MC_Begun == {}
MC_WakeOnFirstStart == TRUE
====
