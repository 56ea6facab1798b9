---- MODULE MC_ctx_nb_mut_same_tag ----
(* Generated from specs/manifest.json by org.mpiverify.specs.ModelGenerator: do not edit. *)
(* Model ctx_nb_mut_same_tag: known-bad design: the idup's allreduce uses the blocking collectives' *)
(* tag (-1) on the dup's parent: p1's dup takes p2's idup word as its own, fails with ERR_OTHER *)
(* while p2's dup takes id 2 *)
EXTENDS NonblockingContextIds
MC_Procs == 1..2
MC_Calls == {"d", "i"}
MC_Members == ("d" :> {1, 2} @@ "i" :> {1, 2})
MC_Parent == ("d" :> 0 @@ "i" :> 0)
MC_Tag == ("d" :> -1 @@ "i" :> -1)
MC_Before == ("d" :> {} @@ "i" :> {})
MC_Capacity == <<4, 4>>
MC_AllowFree == TRUE
MC_EagerCount == 0
MC_EagerSegments == 1
MC_Nonblocking == {"i"}
MC_Prior == <<("d" :> {} @@ "i" :> {}), ("d" :> {} @@ "i" :> {})>>
MC_WaitAfter == <<("d" :> {} @@ "i" :> {"i"}), ("d" :> {} @@ "i" :> {"i"})>>
====
