---- MODULE MC_ctx_impl_3p_contention ----
(* Generated from specs/manifest.json by org.mpiverify.specs.ModelGenerator: do not edit. *)
(* Model ctx_impl_3p_contention: reachability witness for ctx_impl_3p_overlap (same constants): TLC *)
(* must reach a state in which the two calls over three processes are both in Fig. 3 rounds on p2, *)
(* one owning p2's mask and the other offering nothing *)
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
