---- MODULE MC_ctx_impl_sequenced ----
(* Generated from specs/manifest.json by org.mpiverify.specs.ModelGenerator: do not edit. *)
(* Model ctx_impl_sequenced: impl: createGroup on parent 0, X {p1,p2} tag 0, V {p3,p1} tag 1, W *)
(* {p2,p3} tag 2; p2's thread runs W then X, p3's runs V then W; capacity 5 with a one-id eager *)
(* segment: the eager round never makes V wait, so every call returns *)
EXTENDS MultithreadedFig3
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
