---- MODULE MC_bsend_2t ----
(* Generated from specs/manifest.json by org.mpiverify.specs.ModelGenerator: do not edit. *)
(* Model bsend_2t: two threads bsend three messages of 1 byte into a buffer of 2 while receivers *)
(* take them and a detach runs at any point (at the latest once every bsend returned): regions *)
(* reserved by CAS from the layout read, freed on delivery and reused, the detach signalled by the *)
(* release that empties the buffer; refines the promise of MPI-3.1 §3.6 (BsendPromise) *)
EXTENDS AttachedBuffer
MC_Threads == {"t1", "t2"}
MC_Plan == ("t1" :> <<1, 1>> @@ "t2" :> <<1>>)
MC_Capacity == 2
====
