---- MODULE MC_ctx_impl_segments_exhaust ----
(* Generated from specs/manifest.json by org.mpiverify.specs.ModelGenerator: do not edit. *)
(* Model ctx_impl_segments_exhaust: impl, two ids on each process (capacity 4), both in the eager *)
(* segments (Java: MultithreadedContextIdAllocator(4, 2, 2, ...)), and three calls on p2 (c1 over *)
(* both processes, c2 and c3 on p2 alone), so one runs out: a Fig. 3 round that every member owned *)
(* with an empty AND is retried claiming every free segment, and only that round's empty AND is *)
(* ERR_OTHER *)
EXTENDS MultithreadedFig3
MC_Procs == 1..2
MC_Calls == {"c1", "c2", "c3"}
MC_Members == ("c1" :> {1, 2} @@ "c2" :> {2} @@ "c3" :> {2})
MC_Parent == ("c1" :> 0 @@ "c2" :> 1 @@ "c3" :> 2)
MC_Tag == ("c1" :> -1 @@ "c2" :> -1 @@ "c3" :> -1)
MC_Before == ("c1" :> {} @@ "c2" :> {} @@ "c3" :> {})
MC_Capacity == <<4, 4>>
MC_AllowFree == FALSE
MC_EagerCount == 2
MC_EagerSegments == 2
====
