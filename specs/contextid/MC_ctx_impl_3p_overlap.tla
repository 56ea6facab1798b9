---- MODULE MC_ctx_impl_3p_overlap ----
(* Generated from specs/manifest.json by org.mpiverify.specs.ModelGenerator: do not edit. *)
(* Model ctx_impl_3p_overlap: impl, 3 processes, overlapping memberships {p1,p2} and {p2,p3}, *)
(* capacity 4, default eager segment (none): the two calls contend in Fig. 3 rounds on p2 *)
EXTENDS MultithreadedFig3
MC_Procs == 1..3
MC_Calls == {"c1", "c2"}
MC_Members == ("c1" :> {1, 2} @@ "c2" :> {2, 3})
MC_Parent == ("c1" :> 0 @@ "c2" :> 1)
MC_Tag == ("c1" :> -1 @@ "c2" :> -1)
MC_Before == ("c1" :> {} @@ "c2" :> {})
MC_Capacity == <<4, 4, 4>>
MC_AllowFree == TRUE
MC_EagerCount == 0
MC_EagerSegments == 1
====
