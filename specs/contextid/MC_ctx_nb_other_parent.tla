---- MODULE MC_ctx_nb_other_parent ----
(* Generated from specs/manifest.json by org.mpiverify.specs.ModelGenerator: do not edit. *)
(* Model ctx_nb_other_parent: one thread per process runs idup i (parent 0), blocking dup d (parent *)
(* 1), wait i; capacity 4: i has the lower key and progresses only while d blocks, so d must drive *)
(* the rounds of the idup that keeps it from the mask *)
EXTENDS NonblockingContextIds
MC_Procs == 1..2
MC_Calls == {"d", "i"}
MC_Members == ("d" :> {1, 2} @@ "i" :> {1, 2})
MC_Parent == ("d" :> 1 @@ "i" :> 0)
MC_Tag == ("d" :> -1 @@ "i" :> 0)
MC_Before == ("d" :> {} @@ "i" :> {})
MC_Capacity == <<4, 4>>
MC_AllowFree == TRUE
MC_EagerCount == 0
MC_EagerSegments == 1
MC_Nonblocking == {"i"}
MC_Prior == <<("d" :> {"i"} @@ "i" :> {}), ("d" :> {"i"} @@ "i" :> {})>>
MC_WaitAfter == <<("d" :> {} @@ "i" :> {"i", "d"}), ("d" :> {} @@ "i" :> {"i", "d"})>>
====
