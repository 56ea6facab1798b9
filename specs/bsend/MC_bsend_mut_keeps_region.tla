---- MODULE MC_bsend_mut_keeps_region ----
(* Generated from specs/manifest.json by org.mpiverify.specs.ModelGenerator: do not edit. *)
(* Model bsend_mut_keeps_region: mutant ReleaseKeepsRegion: a delivered message's region stays in *)
(* the layout, so its bytes are never free again: its transmission never finishes (NoMessageLost) *)
EXTENDS AttachedBufferMutants
MC_Threads == {"t1", "t2"}
MC_Plan == ("t1" :> <<1, 1>> @@ "t2" :> <<1>>)
MC_Capacity == 2
====
