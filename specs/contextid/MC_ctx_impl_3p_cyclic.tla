---- MODULE MC_ctx_impl_3p_cyclic ----
(* Generated from specs/manifest.json by org.mpiverify.specs.ModelGenerator: do not edit. *)
(* Model ctx_impl_3p_cyclic: impl, 3 processes, cyclic memberships {p1,p2},{p2,p3},{p3,p1}, *)
(* capacity 4 (2 ids, so some calls run out and raise), default eager segment (none), no freeing *)
EXTENDS MultithreadedFig3
MC_Procs == 1..3
MC_Calls == {"c1", "c2", "c3"}
MC_Members == ("c1" :> {1, 2} @@ "c2" :> {2, 3} @@ "c3" :> {3, 1})
MC_Parent == ("c1" :> 0 @@ "c2" :> 1 @@ "c3" :> 2)
MC_Tag == ("c1" :> -1 @@ "c2" :> -1 @@ "c3" :> -1)
MC_Before == ("c1" :> {} @@ "c2" :> {} @@ "c3" :> {})
MC_Capacity == <<4, 4, 4>>
MC_AllowFree == FALSE
MC_EagerCount == 0
MC_EagerSegments == 1
====
