---- MODULE MC_ctx_nb_exhaust_fails ----
(* Generated from specs/manifest.json by org.mpiverify.specs.ModelGenerator: do not edit. *)
(* Model ctx_nb_exhaust_fails: reachability witness for ctx_nb_exhaust (same constants): TLC must *)
(* reach an idup request that failed with ERR_OTHER *)
EXTENDS NonblockingContextIds
MC_Procs == 1..2
MC_Calls == {"i1", "i2"}
MC_Members == ("i1" :> {1, 2} @@ "i2" :> {1, 2})
MC_Parent == ("i1" :> 0 @@ "i2" :> 1)
MC_Tag == ("i1" :> 0 @@ "i2" :> 0)
MC_Before == ("i1" :> {} @@ "i2" :> {})
MC_Capacity == <<4, 3>>
MC_AllowFree == FALSE
MC_EagerCount == 0
MC_EagerSegments == 1
MC_Nonblocking == {"i1", "i2"}
MC_Prior == <<("i1" :> {} @@ "i2" :> {}), ("i1" :> {} @@ "i2" :> {})>>
MC_WaitAfter == <<("i1" :> {"i1"} @@ "i2" :> {"i2"}), ("i1" :> {"i1"} @@ "i2" :> {"i2"})>>
====
