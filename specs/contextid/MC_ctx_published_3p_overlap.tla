---- MODULE MC_ctx_published_3p_overlap ----
(* Generated from specs/manifest.json by org.mpiverify.specs.ModelGenerator: do not edit. *)
(* Model ctx_published_3p_overlap: Fig. 3 as published, 3 processes, overlapping memberships: *)
(* passes *)
EXTENDS PublishedFig3
MC_Procs == 1..3
MC_Calls == {"c1", "c2"}
MC_Members == ("c1" :> {1, 2} @@ "c2" :> {2, 3})
MC_Parent == ("c1" :> 0 @@ "c2" :> 1)
MC_Tag == ("c1" :> -1 @@ "c2" :> -1)
MC_Before == ("c1" :> {} @@ "c2" :> {})
MC_Capacity == <<4, 4, 4>>
MC_AllowFree == TRUE
====
