---- MODULE MC_ctx_impl_2p ----
(* Generated from specs/manifest.json by org.mpiverify.specs.ModelGenerator: do not edit. *)
(* Model ctx_impl_2p: impl, 2 processes, two dups on different parents over the same members, *)
(* capacity 4 (ids 2-3) with the Java's default eager segment for it (none): contended Fig. 3 *)
(* rounds, ids freed and reused *)
EXTENDS MultithreadedFig3
MC_Procs == 1..2
MC_Calls == {"c1", "c2"}
MC_Members == ("c1" :> {1, 2} @@ "c2" :> {1, 2})
MC_Parent == ("c1" :> 0 @@ "c2" :> 1)
MC_Tag == ("c1" :> -1 @@ "c2" :> -1)
MC_Before == ("c1" :> {} @@ "c2" :> {})
MC_Capacity == <<4, 4>>
MC_AllowFree == TRUE
MC_EagerCount == 0
MC_EagerSegments == 1
====
