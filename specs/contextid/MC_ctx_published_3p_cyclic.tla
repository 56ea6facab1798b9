---- MODULE MC_ctx_published_3p_cyclic ----
(* Generated from specs/manifest.json by org.mpiverify.specs.ModelGenerator: do not edit. *)
(* Model ctx_published_3p_cyclic: FINDING: Fig. 3 with cyclic memberships and 2 ids: the third *)
(* communicator finds no common id and Fig. 3 loops forever *)
EXTENDS PublishedFig3
MC_Procs == 1..3
MC_Calls == {"c1", "c2", "c3"}
MC_Members == ("c1" :> {1, 2} @@ "c2" :> {2, 3} @@ "c3" :> {3, 1})
MC_Parent == ("c1" :> 0 @@ "c2" :> 1 @@ "c3" :> 2)
MC_Tag == ("c1" :> -1 @@ "c2" :> -1 @@ "c3" :> -1)
MC_Before == ("c1" :> {} @@ "c2" :> {} @@ "c3" :> {})
MC_Capacity == <<4, 4, 4>>
MC_AllowFree == TRUE
====
