---- MODULE MC_bsend_mut_last_gap_missed ----
(* Generated from specs/manifest.json by org.mpiverify.specs.ModelGenerator: do not edit. *)
(* Model bsend_mut_last_gap_missed: mutant FirstFitShort: first fit stops one offset short of the *)
(* end, so a bsend is refused while the last byte of the buffer is free (FreedSpaceReused) *)
EXTENDS AttachedBufferMutants
MC_Threads == {"t1", "t2"}
MC_Plan == ("t1" :> <<1, 1>> @@ "t2" :> <<1>>)
MC_Capacity == 2
====
