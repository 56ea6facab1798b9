---- MODULE MC_ctx_nb_eager ----
(* Generated from specs/manifest.json by org.mpiverify.specs.ModelGenerator: do not edit. *)
(* Model ctx_nb_eager: the program of ctx_nb_other_parent (idup i on parent 0, dup d on parent 1, *)
(* wait i) with capacity 5 and a one-id eager segment, no frees: idup and dup rounds claim, skip *)
(* and take the segment's id *)
EXTENDS NonblockingContextIds
MC_Procs == 1..2
MC_Calls == {"d", "i"}
MC_Members == ("d" :> {1, 2} @@ "i" :> {1, 2})
MC_Parent == ("d" :> 1 @@ "i" :> 0)
MC_Tag == ("d" :> -1 @@ "i" :> 0)
MC_Before == ("d" :> {} @@ "i" :> {})
MC_Capacity == <<5, 5>>
MC_AllowFree == FALSE
MC_EagerCount == 1
MC_EagerSegments == 1
MC_Nonblocking == {"i"}
MC_Prior == <<("d" :> {"i"} @@ "i" :> {}), ("d" :> {"i"} @@ "i" :> {})>>
MC_WaitAfter == <<("d" :> {} @@ "i" :> {"i", "d"}), ("d" :> {} @@ "i" :> {"i", "d"})>>
====
