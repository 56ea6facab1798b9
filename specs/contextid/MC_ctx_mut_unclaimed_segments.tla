---- MODULE MC_ctx_mut_unclaimed_segments ----
(* Generated from specs/manifest.json by org.mpiverify.specs.ModelGenerator: do not edit. *)
(* Model ctx_mut_unclaimed_segments: mutant UnclaimedSegmentsOffer (the calls of *)
(* ctx_impl_segments): a Fig. 3 owner offers the eager segments nobody holds without claiming them; *)
(* an eager round claims one meanwhile and both calls take the same id: UniqueLive must fail *)
EXTENDS MultithreadedFig3Mutants
MC_Procs == 1..2
MC_Calls == {"c1", "c2", "c3"}
MC_Members == ("c1" :> {1, 2} @@ "c2" :> {1, 2} @@ "c3" :> {2})
MC_Parent == ("c1" :> 0 @@ "c2" :> 1 @@ "c3" :> 2)
MC_Tag == ("c1" :> -1 @@ "c2" :> -1 @@ "c3" :> -1)
MC_Before == ("c1" :> {} @@ "c2" :> {} @@ "c3" :> {})
MC_Capacity == <<5, 5>>
MC_AllowFree == TRUE
MC_EagerCount == 2
MC_EagerSegments == 2
====
