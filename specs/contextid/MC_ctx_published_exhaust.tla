---- MODULE MC_ctx_published_exhaust ----
(* Generated from specs/manifest.json by org.mpiverify.specs.ModelGenerator: do not edit. *)
(* Model ctx_published_exhaust: FINDING: Fig. 3 when the members have no common free id: every *)
(* thread owns the mask, the AND is 0, and Fig. 3 retries forever instead of reporting an error *)
EXTENDS PublishedFig3
MC_Procs == 1..2
MC_Calls == {"c1", "c2"}
MC_Members == ("c1" :> {1, 2} @@ "c2" :> {1, 2})
MC_Parent == ("c1" :> 0 @@ "c2" :> 1)
MC_Tag == ("c1" :> -1 @@ "c2" :> -1)
MC_Before == ("c1" :> {} @@ "c2" :> {})
MC_Capacity == <<4, 3>>
MC_AllowFree == TRUE
====
