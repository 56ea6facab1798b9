---- MODULE MC_bsend_mut_check_then_act_content ----
(* Generated from specs/manifest.json by org.mpiverify.specs.ModelGenerator: do not edit. *)
(* Model bsend_mut_check_then_act_content: the same mutant seen by the receiver: the second copy *)
(* overwrites the first message before it is delivered (ContentIntact) *)
EXTENDS AttachedBufferMutants
MC_Threads == {"t1", "t2"}
MC_Plan == ("t1" :> <<1, 1>> @@ "t2" :> <<1>>)
MC_Capacity == 2
====
