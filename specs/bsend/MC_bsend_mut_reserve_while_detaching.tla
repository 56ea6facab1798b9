---- MODULE MC_bsend_mut_reserve_while_detaching ----
(* Generated from specs/manifest.json by org.mpiverify.specs.ModelGenerator: do not edit. *)
(* Model bsend_mut_reserve_while_detaching: mutant ReadIgnoresDetach: a bsend reserves in a buffer *)
(* being detached, after the detach was signalled, and the detach returns with its message in the *)
(* buffer (DetachWaits) *)
EXTENDS AttachedBufferMutants
MC_Threads == {"t1", "t2"}
MC_Plan == ("t1" :> <<2, 2>> @@ "t2" :> <<2>>)
MC_Capacity == 4
====
