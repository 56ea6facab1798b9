---- MODULE MC_ctx_impl_3p_sim ----
(* Generated from specs/manifest.json by org.mpiverify.specs.ModelGenerator: do not edit. *)
(* Model ctx_impl_3p_sim: the full-size impl model in simulation mode (300 random behaviors of *)
(* depth at most 200), safety properties and deadlock only *)
EXTENDS MultithreadedFig3
MC_Procs == 1..3
MC_Calls == {"w", "g0", "g1"}
MC_Members == ("w" :> {1, 2, 3} @@ "g0" :> {1, 2} @@ "g1" :> {2, 3})
MC_Parent == ("w" :> 0 @@ "g0" :> 0 @@ "g1" :> 0)
MC_Tag == ("w" :> -1 @@ "g0" :> 0 @@ "g1" :> 1)
MC_Before == ("w" :> {} @@ "g0" :> {} @@ "g1" :> {})
MC_Capacity == <<5, 5, 5>>
MC_AllowFree == TRUE
MC_EagerCount == 1
MC_EagerSegments == 1
====
