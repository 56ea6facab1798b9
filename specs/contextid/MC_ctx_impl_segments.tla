---- MODULE MC_ctx_impl_segments ----
(* Generated from specs/manifest.json by org.mpiverify.specs.ModelGenerator: do not edit. *)
(* Model ctx_impl_segments: impl, segmented eager round: dups c1 and c2 over two processes and c3 *)
(* on p2 alone, capacity 5 (ids 2-4), two one-id segments (Java: MultithreadedContextIdAllocator(5, *)
(* 2, 2, ...)); c1 and c3 share segment 0 (parents 0 and 2), c2 has segment 1: concurrent eager *)
(* rounds on different segments, a Fig. 3 owner beside an eager round *)
EXTENDS MultithreadedFig3
MC_Procs == 1..2
MC_Calls == {"c1", "c2", "c3"}
MC_Members == ("c1" :> {1, 2} @@ "c2" :> {1, 2} @@ "c3" :> {2})
MC_Parent == ("c1" :> 0 @@ "c2" :> 1 @@ "c3" :> 2)
MC_Tag == ("c1" :> -1 @@ "c2" :> -1 @@ "c3" :> -1)
MC_Before == ("c1" :> {} @@ "c2" :> {} @@ "c3" :> {})
MC_Capacity == <<5, 5>>
MC_AllowFree == FALSE
MC_EagerCount == 2
MC_EagerSegments == 2
====
