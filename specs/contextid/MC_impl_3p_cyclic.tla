---- MODULE MC_impl_3p_cyclic ----
(* Model impl_3p_cyclic of ContextId: variant "impl". Generated constants, see manifest.json. *)
EXTENDS ContextId
MC_Procs == {"p1", "p2", "p3"}
MC_Calls == {"c1", "c2", "c3"}
MC_Members == [c \in Calls |-> CASE c = "c1" -> {"p1", "p2"} [] c = "c2" -> {"p2", "p3"} [] c = "c3" -> {"p3", "p1"}]
MC_Parent == [c \in Calls |-> CASE c = "c1" -> 0 [] c = "c2" -> 1 [] c = "c3" -> 2]
MC_Tag == [c \in Calls |-> CASE c = "c1" -> -1 [] c = "c2" -> -1 [] c = "c3" -> -1]
MC_Ids == {2, 3}
MC_Before == [c \in Calls |-> {}]
MC_EagerIds == {2}
MC_InitMask == [p \in Procs |-> Ids]
====
