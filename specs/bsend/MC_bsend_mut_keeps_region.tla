---- MODULE MC_bsend_mut_keeps_region ----
(* Generated from specs/manifest.json by org.mpiverify.specs.ModelGenerator: do not edit. *)
(* Model bsend_mut_keeps_region: mutant ReleaseKeepsRegion: a delivered message's region stays in *)
(* the layout, so a later bsend is refused although its bytes are free (FreedSpaceReused) *)
EXTENDS AttachedBufferMutants
MC_Threads == {"t1", "t2"}
MC_Plan == ("t1" :> <<2, 2>> @@ "t2" :> <<2>>)
MC_Capacity == 4
====
