---- MODULE MC_bsend_mut_detach_no_wait_lost ----
(* Generated from specs/manifest.json by org.mpiverify.specs.ModelGenerator: do not edit. *)
(* Model bsend_mut_detach_no_wait_lost: the same mutant through the promise: the user reuses the *)
(* memory the detach returned, and a message not yet delivered arrives garbled (NoMessageLost) *)
EXTENDS AttachedBufferMutants
MC_Threads == {"t1", "t2"}
MC_Plan == ("t1" :> <<1, 1>> @@ "t2" :> <<1>>)
MC_Capacity == 2
====
