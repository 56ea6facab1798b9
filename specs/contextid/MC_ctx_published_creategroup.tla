---- MODULE MC_ctx_published_creategroup ----
(* Generated from specs/manifest.json by org.mpiverify.specs.ModelGenerator: do not edit. *)
(* Model ctx_published_creategroup: FINDING: Fig. 3 with two concurrent createGroup calls from one *)
(* parent (same context id on both threads of a process): the threads can give their masks to *)
(* different groups on the two processes forever (livelock) *)
EXTENDS PublishedFig3
MC_Procs == 1..2
MC_Calls == {"g0", "g1"}
MC_Members == ("g0" :> {1, 2} @@ "g1" :> {1, 2})
MC_Parent == ("g0" :> 0 @@ "g1" :> 0)
MC_Tag == ("g0" :> 0 @@ "g1" :> 1)
MC_Before == ("g0" :> {} @@ "g1" :> {})
MC_Capacity == <<4, 4>>
MC_AllowFree == TRUE
====
