---- MODULE MC_ctx_impl_segment_reclaimed ----
(* Generated from specs/manifest.json by org.mpiverify.specs.ModelGenerator: do not edit. *)
(* Model ctx_impl_segment_reclaimed: impl, one process (three threads dup communicators of a *)
(* one-process parent, e.g. MPI_COMM_SELF): one three-id eager segment (ids 2-4, capacity 5) that *)
(* calls x, y and z all map to. y's eager round makes x's fail, so x owns the mask in a Fig. 3 *)
(* round and claims the segment while z's eager round may start: the claim must keep z off the ids *)
(* x offers, and its release must free the segment for z *)
EXTENDS MultithreadedFig3
MC_Procs == 1..1
MC_Calls == {"x", "y", "z"}
MC_Members == ("x" :> {1} @@ "y" :> {1} @@ "z" :> {1})
MC_Parent == ("x" :> 0 @@ "y" :> 1 @@ "z" :> 2)
MC_Tag == ("x" :> -1 @@ "y" :> -1 @@ "z" :> -1)
MC_Before == ("x" :> {} @@ "y" :> {} @@ "z" :> {})
MC_Capacity == <<5>>
MC_AllowFree == FALSE
MC_EagerCount == 3
MC_EagerSegments == 1
====
