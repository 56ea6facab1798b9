---- MODULE MC_ctx_singlelock_2p_promise ----
(* Generated from specs/manifest.json by org.mpiverify.specs.ModelGenerator: do not edit. *)
(* Model ctx_singlelock_2p_promise: the deadly embrace of ctx_singlelock_2p seen through the *)
(* promise: with the deadlock check off, the two calls never return (RefinesContextIdPromise's *)
(* Termination) *)
EXTENDS SingleLock
MC_Procs == 1..2
MC_Calls == {"c1", "c2"}
MC_Members == ("c1" :> {1, 2} @@ "c2" :> {1, 2})
MC_Parent == ("c1" :> 0 @@ "c2" :> 1)
MC_Tag == ("c1" :> -1 @@ "c2" :> -1)
MC_Before == ("c1" :> {} @@ "c2" :> {})
MC_Capacity == <<4, 4>>
MC_AllowFree == TRUE
====
