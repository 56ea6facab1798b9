---- MODULE MC_ctx_nb_segments ----
(* Generated from specs/manifest.json by org.mpiverify.specs.ModelGenerator: do not edit. *)
(* Model ctx_nb_segments: the program of ctx_nb_eager (idup i on parent 0, dup d on parent 2, wait *)
(* i) with two one-id eager segments, i's segment 1 and d's segment 0 (Java: *)
(* MultithreadedContextIdAllocator(4, 2, 2, ...)), ids freed and reused; capacity 4 (ids 2-3), both *)
(* in the eager segment, so every id is a segment's: the idup's and the dup's eager rounds hold *)
(* different segments at once *)
EXTENDS NonblockingContextIds
MC_Procs == 1..2
MC_Calls == {"d", "i"}
MC_Members == ("d" :> {1, 2} @@ "i" :> {1, 2})
MC_Parent == ("d" :> 2 @@ "i" :> 0)
MC_Tag == ("d" :> -1 @@ "i" :> 0)
MC_Before == ("d" :> {} @@ "i" :> {})
MC_Capacity == <<4, 4>>
MC_AllowFree == TRUE
MC_EagerCount == 2
MC_EagerSegments == 2
MC_Nonblocking == {"i"}
MC_Prior == <<("d" :> {"i"} @@ "i" :> {}), ("d" :> {"i"} @@ "i" :> {})>>
MC_WaitAfter == <<("d" :> {} @@ "i" :> {"i", "d"}), ("d" :> {} @@ "i" :> {"i", "d"})>>
====
