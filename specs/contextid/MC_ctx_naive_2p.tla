---- MODULE MC_ctx_naive_2p ----
(* Generated from specs/manifest.json by org.mpiverify.specs.ModelGenerator: do not edit. *)
(* Model ctx_naive_2p: §5.2 naive retry: two competing threads invalidate each other's reservation *)
(* forever (livelock) *)
EXTENDS NaiveRetry
MC_Procs == 1..2
MC_Calls == {"c1", "c2"}
MC_Members == ("c1" :> {1, 2} @@ "c2" :> {1, 2})
MC_Parent == ("c1" :> 0 @@ "c2" :> 1)
MC_Tag == ("c1" :> -1 @@ "c2" :> -1)
MC_Before == ("c1" :> {} @@ "c2" :> {})
MC_Capacity == <<4, 4>>
MC_AllowFree == FALSE
====
