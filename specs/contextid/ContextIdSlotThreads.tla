------------------------ MODULE ContextIdSlotThreads ------------------------
(***************************************************************************)
(* How a context-id trace names threads and calls (the trace specs EXTEND  *)
(* this module; TLC's configuration substitutes these operators for the    *)
(* spec's own, ContextIdTraces says which).                                *)
(*                                                                         *)
(* The calls of a trace are its slots, numbered 1..N (Calls == 1..N), and  *)
(* process p's thread in slot c is the number (c - 1) * |Procs| + p: the   *)
(* spec's functions over threads and calls are then looked up by an        *)
(* integer, not by comparing strings ("p1/s3") with each thread's name in  *)
(* turn, which was a large part of TLC's time per event. A thread number   *)
(* names the same process and call as the name did (Pr and Cl are the      *)
(* spec's own definitions, computed from Th), so no step changes.          *)
(*                                                                         *)
(* The history variable event gets one constant value: its text (ToString  *)
(* of masks, the peers' names) was computed on every step and no action    *)
(* reads it; a trace's report names each step by the recorded event.       *)
(***************************************************************************)
EXTENDS ContextIds

SlotThread(p, c) == (c - 1) * Cardinality(Procs) + p

(* SingleLock's "no thread holds the mutex" among numbered threads. *)
NoSlotThread == 0

QuietEvent(who, what, peers) == [who |-> "", what |-> "", peers |-> {}]
=============================================================================
