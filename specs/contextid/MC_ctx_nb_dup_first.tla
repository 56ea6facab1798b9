---- MODULE MC_ctx_nb_dup_first ----
(* Generated from specs/manifest.json by org.mpiverify.specs.ModelGenerator: do not edit. *)
(* Model ctx_nb_dup_first: one thread per process, the collectives of each communicator in the same *)
(* order but not across them (legal: i is nonblocking): p1 runs idup i (parent 1), blocking dup d *)
(* (parent 0), wait i; p2 runs d, then i, wait i. p1 must enter d before it waits on i, since p2 *)
(* issues i only after d returns *)
EXTENDS NonblockingContextIds
MC_Procs == 1..2
MC_Calls == {"d", "i"}
MC_Members == ("d" :> {1, 2} @@ "i" :> {1, 2})
MC_Parent == ("d" :> 0 @@ "i" :> 1)
MC_Tag == ("d" :> -1 @@ "i" :> 0)
MC_Before == ("d" :> {} @@ "i" :> {})
MC_Capacity == <<4, 4>>
MC_AllowFree == FALSE
MC_EagerCount == 0
MC_EagerSegments == 1
MC_Nonblocking == {"i"}
MC_Prior == <<("d" :> {"i"} @@ "i" :> {}), ("d" :> {} @@ "i" :> {"d"})>>
MC_WaitAfter == <<("d" :> {} @@ "i" :> {"i", "d"}), ("d" :> {} @@ "i" :> {"i"})>>
====
