---- MODULE MC_progress_waitany_slot_left ----
(* Generated from specs/manifest.json by org.mpiverify.specs.ModelGenerator: do not edit. *)
(* Model progress_waitany_slot_left: a waitany that returns on one request and a later wait on the *)
(* other: t2 waits on r2 or r3 and returns once one is complete; t1 waits in user code until it *)
(* has, then does a blocking receive on r3 through ProgressRule's point-to-point wait (nothing *)
(* outstanding): the waitany must have given back its waiter slot on r3, or r3's completion wakes *)
(* t2 and t1 never returns (MPI-3.1 §3.7.5: the other request stays pending, and a later wait on it *)
(* returns once it completes) *)
EXTENDS ProgressEngine
MC_Threads == {"t1", "t2"}
MC_Sched == {"s1"}
MC_P2P == {"r2", "r3"}
MC_Steps == [s \in MC_Sched |-> 1]
MC_Dep == [r \in MC_P2P |-> NoSched]
MC_Prog == [t \in MC_Threads |-> CASE t = "t1" -> <<[op |-> "join", on |-> [t |-> "t2", i |-> 1]], [op |-> "rule", on |-> "r3"]>> [] t = "t2" -> <<[op |-> "waitany", on |-> {"r2", "r3"}]>>]
MC_Lanes == MC_Sched
MC_LaneOwner == [l \in MC_Sched |-> l]
MC_Begun == {}
MC_WakeOnFirstStart == TRUE
====
