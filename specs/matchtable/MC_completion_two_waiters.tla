---- MODULE MC_completion_two_waiters ----
(* Generated from specs/manifest.json by org.mpiverify.specs.ModelGenerator: do not edit. *)
(* Model completion_two_waiters: two waiting threads, a Waitall of two requests and a Wait of one: *)
(* a late unpark of r1 may set the permit of w1 while it waits on r2, never of w2 *)
EXTENDS Completion
MC_Waiters == {"w1", "w2"}
MC_Reqs == {"r1", "r2", "r3"}
MC_ReqsOf == ("w1" :> <<"r1", "r2">> @@ "w2" :> <<"r3">>)
====
