---- MODULE MC_bsend_2t ----
(* Generated from specs/manifest.json by org.mpiverify.specs.ModelGenerator: do not edit. *)
(* Model bsend_2t: two threads bsend three messages of 2 bytes into a buffer of 4 while receivers *)
(* take them and a detach runs at any point: regions reserved by CAS from the layout read, freed on *)
(* delivery and reused, the detach signalled by the release that empties the buffer *)
EXTENDS AttachedBuffer
MC_Threads == {"t1", "t2"}
MC_Plan == ("t1" :> <<2, 2>> @@ "t2" :> <<2>>)
MC_Capacity == 4
====
