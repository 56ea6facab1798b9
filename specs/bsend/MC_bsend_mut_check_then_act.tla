---- MODULE MC_bsend_mut_check_then_act ----
(* Generated from specs/manifest.json by org.mpiverify.specs.ModelGenerator: do not edit. *)
(* Model bsend_mut_check_then_act: mutant PublishWithoutCompare: the gap found in the layout read *)
(* is added to the current layout without comparing (check-then-act): two threads' bsends take one *)
(* region (NoOverlap) *)
EXTENDS AttachedBufferMutants
MC_Threads == {"t1", "t2"}
MC_Plan == ("t1" :> <<1, 1>> @@ "t2" :> <<1>>)
MC_Capacity == 2
====
