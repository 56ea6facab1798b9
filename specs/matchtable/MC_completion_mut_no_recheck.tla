---- MODULE MC_completion_mut_no_recheck ----
(* Generated from specs/manifest.json by org.mpiverify.specs.ModelGenerator: do not edit. *)
(* Model completion_mut_no_recheck: mutant WakeNoRecheck: the wait ends when park returns, without *)
(* reading done again; the late unpark of r1 ends the wait on r2 before r2 is signalled *)
EXTENDS CompletionMutants
MC_Waiters == {"w1"}
MC_Reqs == {"r1", "r2"}
MC_ReqsOf == ("w1" :> <<"r1", "r2">>)
====
