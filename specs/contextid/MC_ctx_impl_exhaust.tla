---- MODULE MC_ctx_impl_exhaust ----
(* Generated from specs/manifest.json by org.mpiverify.specs.ModelGenerator: do not edit. *)
(* Model ctx_impl_exhaust: impl, small id space: p2's allocator has capacity 3 (only id 2), so one *)
(* call gets it and the other raises ERR_OTHER on all members (or succeeds after a free) *)
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
