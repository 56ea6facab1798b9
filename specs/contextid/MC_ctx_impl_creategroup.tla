---- MODULE MC_ctx_impl_creategroup ----
(* Generated from specs/manifest.json by org.mpiverify.specs.ModelGenerator: do not edit. *)
(* Model ctx_impl_creategroup: impl, MPI-3 createGroup: two groups created from one parent at once *)
(* (tags 0 and 1), capacity 4, default eager segment (none) *)
EXTENDS MultithreadedFig3
MC_Procs == 1..2
MC_Calls == {"g0", "g1"}
MC_Members == ("g0" :> {1, 2} @@ "g1" :> {1, 2})
MC_Parent == ("g0" :> 0 @@ "g1" :> 0)
MC_Tag == ("g0" :> 0 @@ "g1" :> 1)
MC_Before == ("g0" :> {} @@ "g1" :> {})
MC_Capacity == <<4, 4>>
MC_AllowFree == TRUE
MC_EagerCount == 0
MC_EagerSegments == 1
====
