---- MODULE MC_refcount_2ops ----
(* Generated from specs/manifest.json by org.mpiverify.specs.ModelGenerator: do not edit. *)
(* Model refcount_2ops: two operations each take a use, use the object and drop the use while the *)
(* user frees it once, in every interleaving of their reads and CASes: the object is released once, *)
(* by whoever ends the last use or by the free if none is pending, never while a use is held, and *)
(* no use starts after the free *)
EXTENDS RefCount
MC_Ops == {"o1", "o2"}
MC_EndsAfter == [o \in MC_Ops |-> {}]
MC_FreeAfter == {}
====
