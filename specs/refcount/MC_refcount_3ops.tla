---- MODULE MC_refcount_3ops ----
(* Generated from specs/manifest.json by org.mpiverify.specs.ModelGenerator: do not edit. *)
(* Model refcount_3ops: as refcount_2ops with three operations *)
EXTENDS RefCount
MC_Ops == {"o1", "o2", "o3"}
MC_EndsAfter == [o \in MC_Ops |-> {}]
MC_FreeAfter == {}
====
