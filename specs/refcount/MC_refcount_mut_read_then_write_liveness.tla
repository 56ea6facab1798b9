---- MODULE MC_refcount_mut_read_then_write_liveness ----
(* Generated from specs/manifest.json by org.mpiverify.specs.ModelGenerator: do not edit. *)
(* Model refcount_mut_read_then_write_liveness: ReadThenWriteUseCount: with a lost decrement the *)
(* object is never released, however long every thread runs *)
EXTENDS RefCountMutants
MC_Ops == {"o1", "o2"}
MC_EndsAfter == [o \in MC_Ops |-> {}]
MC_FreeAfter == {}
====
