---- MODULE MC_ctx_mut_fails_on_contention ----
(* Generated from specs/manifest.json by org.mpiverify.specs.ModelGenerator: do not edit. *)
(* Model ctx_mut_fails_on_contention: mutant FailsOnEmptyAnd: every member reports out of ids on a *)
(* contended round (Agreement and UniqueLive still hold); NoSpuriousFailure must fail *)
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
