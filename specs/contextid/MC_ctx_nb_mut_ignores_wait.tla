---- MODULE MC_ctx_nb_mut_ignores_wait ----
(* Generated from specs/manifest.json by org.mpiverify.specs.ModelGenerator: do not edit. *)
(* Model ctx_nb_mut_ignores_wait: mutant ReturnedIgnoresWait on ctx_nb_program: p2 starts its dup *)
(* while it still waits on its idup, a step the promise's program order does not have *)
(* (NbRefinesContextIdPromise) *)
EXTENDS NonblockingContextIdsMutants
MC_Procs == 1..2
MC_Calls == {"d", "i"}
MC_Members == ("d" :> {1, 2} @@ "i" :> {1, 2})
MC_Parent == ("d" :> 0 @@ "i" :> 1)
MC_Tag == ("d" :> -1 @@ "i" :> 0)
MC_Before == ("d" :> {} @@ "i" :> {})
MC_Capacity == <<4, 4>>
MC_AllowFree == TRUE
MC_EagerCount == 0
MC_EagerSegments == 1
MC_Nonblocking == {"i"}
MC_Prior == <<("d" :> {"i"} @@ "i" :> {}), ("d" :> {"i"} @@ "i" :> {})>>
MC_WaitAfter == <<("d" :> {} @@ "i" :> {"i", "d"}), ("d" :> {} @@ "i" :> {"i"})>>
====
