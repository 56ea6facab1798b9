---- MODULE MC_refcount_mut_read_then_write ----
(* Generated from specs/manifest.json by org.mpiverify.specs.ModelGenerator: do not edit. *)
(* Model refcount_mut_read_then_write: ReadThenWriteUseCount: the count read, then written apart *)
(* (no CAS): two ends of use read the same count and one decrement is lost, so the freed object is *)
(* never released *)
EXTENDS RefCountMutants
MC_Ops == {"o1", "o2"}
MC_EndsAfter == [o \in MC_Ops |-> {}]
MC_FreeAfter == {}
====
