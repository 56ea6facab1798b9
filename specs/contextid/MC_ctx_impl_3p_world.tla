---- MODULE MC_ctx_impl_3p_world ----
(* Generated from specs/manifest.json by org.mpiverify.specs.ModelGenerator: do not edit. *)
(* Model ctx_impl_3p_world: impl, a dup of a three-process world beside a call of p3 alone, one id *)
(* each: an allreduce of three words, whose members wait for both peers, and an ERR_OTHER decided *)
(* by three masks *)
EXTENDS MultithreadedFig3
MC_Procs == 1..3
MC_Calls == {"c1", "c2"}
MC_Members == ("c1" :> {1, 2, 3} @@ "c2" :> {3})
MC_Parent == ("c1" :> 0 @@ "c2" :> 1)
MC_Tag == ("c1" :> -1 @@ "c2" :> -1)
MC_Before == ("c1" :> {} @@ "c2" :> {})
MC_Capacity == <<3, 3, 3>>
MC_AllowFree == FALSE
MC_EagerCount == 0
MC_EagerSegments == 1
====
