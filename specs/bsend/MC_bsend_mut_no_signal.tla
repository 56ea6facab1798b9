---- MODULE MC_bsend_mut_no_signal ----
(* Generated from specs/manifest.json by org.mpiverify.specs.ModelGenerator: do not edit. *)
(* Model bsend_mut_no_signal: mutant ReleaseNoSignal: the release that empties a buffer being *)
(* detached does not signal the detach, which then waits forever (Termination) *)
EXTENDS AttachedBufferMutants
MC_Threads == {"t1", "t2"}
MC_Plan == ("t1" :> <<1, 1>> @@ "t2" :> <<1>>)
MC_Capacity == 2
====
