---- MODULE MC_ctx_keyed_sequenced ----
(* Generated from specs/manifest.json by org.mpiverify.specs.ModelGenerator: do not edit. *)
(* Model ctx_keyed_sequenced: mutant KeyedFirstPc (the core until it had the eager round): X owns *)
(* p1's mask in its first round while waiting for p2, whose thread is in W, waiting for p3, whose *)
(* thread is in V, which needs p1's mask; V retries forever (the audit's *)
(* comm-create-group-subsets-concurrent HANG) *)
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
