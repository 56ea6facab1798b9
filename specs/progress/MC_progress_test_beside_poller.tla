---- MODULE MC_progress_test_beside_poller ----
(* Generated from specs/manifest.json by org.mpiverify.specs.ModelGenerator: do not edit. *)
(* Model progress_test_beside_poller: a test loop beside a poller: t1 tests r1 (its message comes *)
(* on its own) while t2 waits on s1, an operation already outstanding, as the poller: the test's *)
(* passes must leave the poller role, its parked-poller publication and its wake-ups to t2 *)
(* (NoLostProgress: nobody sleeps while s1 can move and no awake thread could poll it); safety *)
(* only: the liveness of a test loop is progress_test_polls', and with properties the mutants of *)
(* this model outlast their deadline *)
EXTENDS ProgressEngine
MC_Threads == {"t1", "t2"}
MC_Sched == {"s1"}
MC_P2P == {"r1"}
MC_Steps == [s \in MC_Sched |-> 1]
MC_Dep == [r \in MC_P2P |-> NoSched]
MC_Prog == [t \in MC_Threads |-> CASE t = "t1" -> <<[op |-> "test", on |-> "r1"]>> [] t = "t2" -> <<[op |-> "wait", on |-> "s1"]>>]
MC_Lanes == MC_Sched
MC_LaneOwner == [l \in MC_Sched |-> l]
MC_Begun == {"s1"}
MC_WakeOnFirstStart == TRUE
====
