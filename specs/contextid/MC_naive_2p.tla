---- MODULE MC_naive_2p ----
(* Model naive_2p of ContextId: variant "naive". Generated constants, see manifest.json. *)
EXTENDS ContextId
MC_Procs == {"p1", "p2"}
MC_Calls == {"c1", "c2"}
MC_Members == [c \in Calls |-> CASE c = "c1" -> {"p1", "p2"} [] c = "c2" -> {"p1", "p2"}]
MC_Parent == [c \in Calls |-> CASE c = "c1" -> 0 [] c = "c2" -> 1]
MC_Tag == [c \in Calls |-> CASE c = "c1" -> -1 [] c = "c2" -> -1]
MC_Ids == {2, 3}
MC_Before == [c \in Calls |-> {}]
MC_EagerIds == {}
MC_InitMask == [p \in Procs |-> Ids]
====
