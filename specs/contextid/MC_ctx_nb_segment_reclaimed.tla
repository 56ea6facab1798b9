---- MODULE MC_ctx_nb_segment_reclaimed ----
(* Generated from specs/manifest.json by org.mpiverify.specs.ModelGenerator: do not edit. *)
(* Model ctx_nb_segment_reclaimed: the calls of ctx_impl_segment_reclaimed with x an idup (tag 0) *)
(* that its thread waits on at once and y, z blocking dups: x's Fig. 3 round under a poll claims *)
(* the segment while z's eager round may start; the claim must keep z off the ids x offers, and its *)
(* release must free the segment for z *)
EXTENDS NonblockingContextIds
MC_Procs == 1..1
MC_Calls == {"x", "y", "z"}
MC_Members == ("x" :> {1} @@ "y" :> {1} @@ "z" :> {1})
MC_Parent == ("x" :> 0 @@ "y" :> 1 @@ "z" :> 2)
MC_Tag == ("x" :> 0 @@ "y" :> -1 @@ "z" :> -1)
MC_Before == ("x" :> {} @@ "y" :> {} @@ "z" :> {})
MC_Capacity == <<5>>
MC_AllowFree == FALSE
MC_EagerCount == 3
MC_EagerSegments == 1
MC_Nonblocking == {"x"}
MC_Prior == <<("x" :> {} @@ "y" :> {} @@ "z" :> {})>>
MC_WaitAfter == <<("x" :> {"x"} @@ "y" :> {} @@ "z" :> {})>>
====
