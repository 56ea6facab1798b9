---- MODULE MC_completion_mut_read_then_signal ----
(* Generated from specs/manifest.json by org.mpiverify.specs.ModelGenerator: do not edit. *)
(* Model completion_mut_read_then_signal: mutant ReadThenSignal: the completer reads the waiter *)
(* slot before it writes done; a waiter that publishes and reads done clear in between parks *)
(* forever *)
EXTENDS CompletionMutants
MC_Waiters == {"w1"}
MC_Reqs == {"r1", "r2"}
MC_ReqsOf == ("w1" :> <<"r1", "r2">>)
====
