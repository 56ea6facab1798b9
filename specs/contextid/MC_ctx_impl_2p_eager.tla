---- MODULE MC_ctx_impl_2p_eager ----
(* Generated from specs/manifest.json by org.mpiverify.specs.ModelGenerator: do not edit. *)
(* Model ctx_impl_2p_eager: impl, the same calls, capacity 5 (ids 2-4) with a one-id eager segment *)
(* (Java: MultithreadedContextIdAllocator(5, 1, ...)): the eager round takes ids *)
EXTENDS MultithreadedFig3
MC_Procs == 1..2
MC_Calls == {"c1", "c2"}
MC_Members == ("c1" :> {1, 2} @@ "c2" :> {1, 2})
MC_Parent == ("c1" :> 0 @@ "c2" :> 1)
MC_Tag == ("c1" :> -1 @@ "c2" :> -1)
MC_Before == ("c1" :> {} @@ "c2" :> {})
MC_Capacity == <<5, 5>>
MC_AllowFree == TRUE
MC_EagerCount == 1
MC_EagerSegments == 1
====
