---- MODULE MC_completion_mut_noflag ----
(* Generated from specs/manifest.json by org.mpiverify.specs.ModelGenerator: do not edit. *)
(* Model completion_mut_noflag: §3.1's hazard: Algorithm 4 without the per-request flag in a *)
(* Waitall of two: r2's signal sets the one permit and ends the wait on r1, which was not signalled *)
(* (the promise's Return step; with both signals before the waits, the second would park forever) *)
EXTENDS CompletionMutants
MC_Waiters == {"w1"}
MC_Reqs == {"r1", "r2"}
MC_ReqsOf == ("w1" :> <<"r1", "r2">>)
====
