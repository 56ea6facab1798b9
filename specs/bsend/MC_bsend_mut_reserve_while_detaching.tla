---- MODULE MC_bsend_mut_reserve_while_detaching ----
(* Generated from specs/manifest.json by org.mpiverify.specs.ModelGenerator: do not edit. *)
(* Model bsend_mut_reserve_while_detaching: mutant ReadIgnoresDetach: a bsend reserves in a buffer *)
(* whose detach has begun, a step the promise does not have (RefinesBsendPromise: no message gets *)
(* in once the detach began) *)
EXTENDS AttachedBufferMutants
MC_Threads == {"t1", "t2"}
MC_Plan == ("t1" :> <<1, 1>> @@ "t2" :> <<1>>)
MC_Capacity == 2
====
