---- MODULE MC_bsend_mut_detach_no_wait ----
(* Generated from specs/manifest.json by org.mpiverify.specs.ModelGenerator: do not edit. *)
(* Model bsend_mut_detach_no_wait: mutant FinishWithoutWaiting: the detach returns with a message *)
(* still in the buffer (DetachWaits) *)
EXTENDS AttachedBufferMutants
MC_Threads == {"t1", "t2"}
MC_Plan == ("t1" :> <<1, 1>> @@ "t2" :> <<1>>)
MC_Capacity == 2
====
