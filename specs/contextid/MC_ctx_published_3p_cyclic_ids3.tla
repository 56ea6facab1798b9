---- MODULE MC_ctx_published_3p_cyclic_ids3 ----
(* Generated from specs/manifest.json by org.mpiverify.specs.ModelGenerator: do not edit. *)
(* Model ctx_published_3p_cyclic_ids3: Fig. 3 as published in the paper's own setting (distinct *)
(* input ids, cyclic memberships) with enough ids: passes *)
EXTENDS PublishedFig3
MC_Procs == 1..3
MC_Calls == {"c1", "c2", "c3"}
MC_Members == ("c1" :> {1, 2} @@ "c2" :> {2, 3} @@ "c3" :> {3, 1})
MC_Parent == ("c1" :> 0 @@ "c2" :> 1 @@ "c3" :> 2)
MC_Tag == ("c1" :> -1 @@ "c2" :> -1 @@ "c3" :> -1)
MC_Before == ("c1" :> {} @@ "c2" :> {} @@ "c3" :> {})
MC_Capacity == <<5, 5, 5>>
MC_AllowFree == FALSE
====
