---- MODULE MC_progress_entry_outstanding ----
(* Generated from specs/manifest.json by org.mpiverify.specs.ModelGenerator: do not edit. *)
(* Model progress_entry_outstanding: RankContext.await's entry check where it keeps the promise: a *)
(* blocking wait that begins while an operation is outstanding polls it (t1: a blocking probe of an *)
(* independent message, start s1, a blocking receive whose message needs s1, wait on s1) *)
EXTENDS ProgressEngine
MC_Threads == {"t1"}
MC_Sched == {"s1"}
MC_P2P == {"r1", "r2"}
MC_Steps == [s \in MC_Sched |-> 1]
MC_Dep == [r \in MC_P2P |-> CASE r = "r1" -> "s1" [] r = "r2" -> NoSched]
MC_Prog == [t \in MC_Threads |-> <<[op |-> "block", on |-> "r2"], [op |-> "start", on |-> "s1"], [op |-> "entry", on |-> "r1"], [op |-> "wait", on |-> "s1"]>>]
MC_Lanes == MC_Sched
MC_LaneOwner == [l \in MC_Sched |-> l]
MC_Begun == {}
MC_WakeOnFirstStart == TRUE
====
