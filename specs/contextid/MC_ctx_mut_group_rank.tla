---- MODULE MC_ctx_mut_group_rank ----
(* Generated from specs/manifest.json by org.mpiverify.specs.ModelGenerator: do not edit. *)
(* Model ctx_mut_group_rank: mutant GroupRankAddr: createGroup A {p1,p3} then B {p2,p3} (p3's *)
(* thread runs A then B) on parent 0 with tag 0, messages addressed by group rank: p3 in A takes *)
(* p2's word for B (both are rank 0 of their group) *)
EXTENDS MultithreadedFig3Mutants
MC_Procs == 1..3
MC_Calls == {"A", "B"}
MC_Members == ("A" :> {1, 3} @@ "B" :> {2, 3})
MC_Parent == ("A" :> 0 @@ "B" :> 0)
MC_Tag == ("A" :> 0 @@ "B" :> 0)
MC_Before == ("A" :> {} @@ "B" :> {"A"})
MC_Capacity == <<4, 4, 4>>
MC_AllowFree == FALSE
MC_EagerCount == 0
MC_EagerSegments == 1
====
