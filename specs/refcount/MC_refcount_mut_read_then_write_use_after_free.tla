---- MODULE MC_refcount_mut_read_then_write_use_after_free ----
(* Generated from specs/manifest.json by org.mpiverify.specs.ModelGenerator: do not edit. *)
(* Model refcount_mut_read_then_write_use_after_free: ReadThenWriteUseCount: a use that read the *)
(* word before the free writes it back unfreed after it: the freed handle is used *)
EXTENDS RefCountMutants
MC_Ops == {"o1", "o2"}
MC_EndsAfter == [o \in MC_Ops |-> {}]
MC_FreeAfter == {}
====
