---- MODULE MC_ctx_impl_3p_full ----
(* Generated from specs/manifest.json by org.mpiverify.specs.ModelGenerator: do not edit. *)
(* Model ctx_impl_3p_full: impl, 3 processes: a dup of world plus two concurrent createGroup calls *)
(* from world (tags 0 and 1) on {p1,p2} and {p2,p3}; capacity 4 (2 ids), default eager segment *)
(* (none), no freeing *)
EXTENDS MultithreadedFig3
MC_Procs == 1..3
MC_Calls == {"w", "g0", "g1"}
MC_Members == ("w" :> {1, 2, 3} @@ "g0" :> {1, 2} @@ "g1" :> {2, 3})
MC_Parent == ("w" :> 0 @@ "g0" :> 0 @@ "g1" :> 0)
MC_Tag == ("w" :> -1 @@ "g0" :> 0 @@ "g1" :> 1)
MC_Before == ("w" :> {} @@ "g0" :> {} @@ "g1" :> {})
MC_Capacity == <<4, 4, 4>>
MC_AllowFree == FALSE
MC_EagerCount == 0
MC_EagerSegments == 1
====
