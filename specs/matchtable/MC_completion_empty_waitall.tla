---- MODULE MC_completion_empty_waitall ----
(* Generated from specs/manifest.json by org.mpiverify.specs.ModelGenerator: do not edit. *)
(* Model completion_empty_waitall: MPI_Waitall on no request returns at once (MPI-3.1 §3.7.5: count *)
(* 0), beside a Wait on one request: the empty wait has returned from the start *)
(* (RefinesCompletionPromise) *)
EXTENDS Completion
MC_Waiters == {"w1", "w2"}
MC_Reqs == {"r1"}
MC_ReqsOf == ("w1" :> <<"r1">> @@ "w2" :> <<>>)
====
