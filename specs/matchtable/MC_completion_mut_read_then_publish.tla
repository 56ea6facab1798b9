---- MODULE MC_completion_mut_read_then_publish ----
(* Generated from specs/manifest.json by org.mpiverify.specs.ModelGenerator: do not edit. *)
(* Model completion_mut_read_then_publish: mutant ReadThenPublish: the waiter reads done before it *)
(* publishes itself; a signal in between finds no waiter and the wait parks forever *)
(* (RefinesCompletionPromise's WakesUp) *)
EXTENDS CompletionMutants
MC_Waiters == {"w1"}
MC_Reqs == {"r1", "r2"}
MC_ReqsOf == ("w1" :> <<"r1", "r2">>)
====
