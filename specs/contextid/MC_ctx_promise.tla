---- MODULE MC_ctx_promise ----
(* Generated from specs/manifest.json by org.mpiverify.specs.ModelGenerator: do not edit. *)
(* Model ctx_promise: the promise itself: its steps keep its invariants (two calls over two *)
(* processes and one id: ids set aside, looks, ERR_OTHER, frees) *)
EXTENDS ContextIdPromise
MC_Procs == 1..2
MC_Calls == {"c1", "c2"}
MC_Members == ("c1" :> {1, 2} @@ "c2" :> {1, 2})
MC_Capacity == <<3, 3>>
MC_AsideMax == 1
MC_Threads == NamedThreads(MC_Calls, MC_Members)
MC_Pr == ProcOfName(MC_Procs, MC_Calls, MC_Members)
MC_Cl == CallOfName(MC_Procs, MC_Calls, MC_Members)
MC_Ids == 2..2
MC_Prior == [t \in MC_Threads |-> {}]
MC_Issued == [t \in MC_Threads |-> {}]
====
