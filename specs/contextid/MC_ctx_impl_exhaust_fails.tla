---- MODULE MC_ctx_impl_exhaust_fails ----
(* Generated from specs/manifest.json by org.mpiverify.specs.ModelGenerator: do not edit. *)
(* Model ctx_impl_exhaust_fails: reachability witness for ctx_impl_exhaust (same constants): TLC *)
(* must reach a state in which a thread has reported ERR_OTHER *)
EXTENDS MultithreadedFig3
MC_Procs == 1..2
MC_Calls == {"c1", "c2"}
MC_Members == ("c1" :> {1, 2} @@ "c2" :> {1, 2})
MC_Parent == ("c1" :> 0 @@ "c2" :> 1)
MC_Tag == ("c1" :> -1 @@ "c2" :> -1)
MC_Before == ("c1" :> {} @@ "c2" :> {})
MC_Capacity == <<4, 3>>
MC_AllowFree == TRUE
MC_EagerCount == 0
MC_EagerSegments == 1
====
