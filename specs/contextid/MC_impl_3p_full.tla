---- MODULE MC_impl_3p_full ----
(* Model impl_3p_full of ContextId: variant "impl". Generated constants, see manifest.json. *)
EXTENDS ContextId
MC_Procs == {"p1", "p2", "p3"}
MC_Calls == {"c1", "g0", "g1", "w"}
MC_Members == [c \in Calls |-> CASE c = "c1" -> {"p1", "p2"} [] c = "g0" -> {"p2", "p3"} [] c = "g1" -> {"p3", "p1"} [] c = "w" -> {"p1", "p2", "p3"}]
MC_Parent == [c \in Calls |-> CASE c = "c1" -> 1 [] c = "g0" -> 0 [] c = "g1" -> 0 [] c = "w" -> 0]
MC_Tag == [c \in Calls |-> CASE c = "c1" -> -1 [] c = "g0" -> 0 [] c = "g1" -> 1 [] c = "w" -> -1]
MC_Ids == {2, 3, 4}
MC_InitMask == [p \in Procs |-> Ids]
====
