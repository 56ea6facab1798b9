---- MODULE MC_ctx_nb_two_idups ----
(* Generated from specs/manifest.json by org.mpiverify.specs.ModelGenerator: do not edit. *)
(* Model ctx_nb_two_idups: one thread per process starts idups i1 (parent 0) and i2 (parent 1), *)
(* then waits on both: two outstanding requests of one thread, progressed by its wait; capacity 4, *)
(* ids freed and reused *)
EXTENDS NonblockingContextIds
MC_Procs == 1..2
MC_Calls == {"i1", "i2"}
MC_Members == ("i1" :> {1, 2} @@ "i2" :> {1, 2})
MC_Parent == ("i1" :> 0 @@ "i2" :> 1)
MC_Tag == ("i1" :> 0 @@ "i2" :> 0)
MC_Before == ("i1" :> {} @@ "i2" :> {})
MC_Capacity == <<4, 4>>
MC_AllowFree == TRUE
MC_EagerCount == 0
MC_EagerSegments == 1
MC_Nonblocking == {"i1", "i2"}
MC_Prior == <<("i1" :> {} @@ "i2" :> {"i1"}), ("i1" :> {} @@ "i2" :> {"i1"})>>
MC_WaitAfter == <<("i1" :> {"i1", "i2"} @@ "i2" :> {"i1", "i2"}), ("i1" :> {"i1", "i2"} @@ "i2" :> {"i1", "i2"})>>
====
