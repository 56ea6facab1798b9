---- MODULE MC_bsend_mut_no_signal_deadlock ----
(* Generated from specs/manifest.json by org.mpiverify.specs.ModelGenerator: do not edit. *)
(* Model bsend_mut_no_signal_deadlock: the same mutant as a deadlock: every bsend has returned and *)
(* every message is delivered, and the detach still waits for a signal nobody will send *)
EXTENDS AttachedBufferMutants
MC_Threads == {"t1", "t2"}
MC_Plan == ("t1" :> <<1, 1>> @@ "t2" :> <<1>>)
MC_Capacity == 2
====
