---- MODULE MC_completion_mut_no_recheck_promise ----
(* Generated from specs/manifest.json by org.mpiverify.specs.ModelGenerator: do not edit. *)
(* Model completion_mut_no_recheck_promise: the same mutant against the promise's step: *)
(* RefinesCompletionPromise (a Return whose request is not done) *)
EXTENDS CompletionMutants
MC_Waiters == {"w1"}
MC_Reqs == {"r1", "r2"}
MC_ReqsOf == ("w1" :> <<"r1", "r2">>)
====
