---- MODULE MC_ctx_mut_off_by_one ----
(* Generated from specs/manifest.json by org.mpiverify.specs.ModelGenerator: do not edit. *)
(* Model ctx_mut_off_by_one: mutant OffByOnePickId: the id after the AND's highest, outside the id *)
(* space; TypeOK must fail *)
EXTENDS MultithreadedFig3Mutants
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
