---- MODULE MC_ctx_singlelock_2p ----
(* Generated from specs/manifest.json by org.mpiverify.specs.ModelGenerator: do not edit. *)
(* Model ctx_singlelock_2p: §5.2: the single-threaded algorithm with the lock held across the *)
(* allreduce: p1 locks for c1, p2 locks for c2, both allreduces wait forever *)
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
