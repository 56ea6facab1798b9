---- MODULE MC_ctx_mut_drop_skips_one ----
(* Generated from specs/manifest.json by org.mpiverify.specs.ModelGenerator: do not edit. *)
(* Model ctx_mut_drop_skips_one: mutant DropSkipsOne (an off-by-one in Drop's index shift): a *)
(* receive removes a later message instead of the word it took; the word stays for the next round *)
(* and the inbox grows without bound, which no property of the ids sees in a bounded search *)
(* (OneRoundAhead) *)
EXTENDS MultithreadedFig3Mutants
MC_Procs == 1..3
MC_Calls == {"X", "V", "W"}
MC_Members == ("X" :> {1, 2} @@ "V" :> {3, 1} @@ "W" :> {2, 3})
MC_Parent == ("X" :> 0 @@ "V" :> 0 @@ "W" :> 0)
MC_Tag == ("X" :> 0 @@ "V" :> 1 @@ "W" :> 2)
MC_Before == ("X" :> {"W"} @@ "V" :> {} @@ "W" :> {"V"})
MC_Capacity == <<5, 5, 5>>
MC_AllowFree == FALSE
MC_EagerCount == 1
MC_EagerSegments == 1
====
