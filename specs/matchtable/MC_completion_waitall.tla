---- MODULE MC_completion_waitall ----
(* Generated from specs/manifest.json by org.mpiverify.specs.ModelGenerator: do not edit. *)
(* Model completion_waitall: Completion's protocol, one thread in MPI_Waitall on two requests, each *)
(* completed by its own thread: every wait returns only after its signal, and every signalled *)
(* waiter runs (RefinesCompletionPromise), with the completer's late unpark and spurious returns *)
(* from park *)
EXTENDS Completion
MC_Waiters == {"w1"}
MC_Reqs == {"r1", "r2"}
MC_ReqsOf == ("w1" :> <<"r1", "r2">>)
====
