---- MODULE MC_sched_open_one_thread ----
(* Generated from specs/manifest.json by org.mpiverify.specs.ModelGenerator: do not edit. *)
(* Model sched_open_one_thread: one thread's Waitall of two requests whose completion may never *)
(* come (OpenSpec: a receive nobody matches): while its request is incomplete the thread yields the *)
(* worker (WaitYields), a signal that has begun returns though its waiter is parked on the earlier *)
(* request (StartedSignalsReturn), and a signalled thread runs; WordView cuts the worker's word *)
(* index past the last word, so a worker that never leaves its run state loops in a finite graph *)
EXTENDS BitVectorSchedulerOpen
MC_Threads == {"a"}
MC_Reqs == ("a" :> <<1, 2>>)
MC_NumWords == 1
MC_WordOf == ("a" :> 1)
MC_GroupOf == <<1>>
====
