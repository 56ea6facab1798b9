---- MODULE MC_ctx_nb_many ----
(* Generated from specs/manifest.json by org.mpiverify.specs.ModelGenerator: do not edit. *)
(* Model ctx_nb_many: thread 1 of each process starts idups i1 (parent 0) and i2 (parent 1), then *)
(* waits on both; thread 2 runs a blocking dup d on parent 0; capacity 5 (three ids for three *)
(* calls), no frees *)
EXTENDS NonblockingContextIds
MC_Procs == 1..2
MC_Calls == {"d", "i1", "i2"}
MC_Members == ("d" :> {1, 2} @@ "i1" :> {1, 2} @@ "i2" :> {1, 2})
MC_Parent == ("d" :> 0 @@ "i1" :> 0 @@ "i2" :> 1)
MC_Tag == ("d" :> -1 @@ "i1" :> 0 @@ "i2" :> 0)
MC_Before == ("d" :> {} @@ "i1" :> {} @@ "i2" :> {})
MC_Capacity == <<5, 5>>
MC_AllowFree == FALSE
MC_EagerCount == 0
MC_EagerSegments == 1
MC_Nonblocking == {"i1", "i2"}
MC_Prior == <<("d" :> {} @@ "i1" :> {} @@ "i2" :> {"i1"}), ("d" :> {} @@ "i1" :> {} @@ "i2" :> {"i1"})>>
MC_WaitAfter == <<("d" :> {} @@ "i1" :> {"i1", "i2"} @@ "i2" :> {"i1", "i2"}), ("d" :> {} @@ "i1" :> {"i1", "i2"} @@ "i2" :> {"i1", "i2"})>>
====
