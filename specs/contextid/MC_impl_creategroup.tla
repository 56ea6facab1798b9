---- MODULE MC_impl_creategroup ----
(* Model impl_creategroup of ContextId: variant "impl". Generated constants, see manifest.json. *)
EXTENDS ContextId
MC_Procs == {"p1", "p2"}
MC_Calls == {"g0", "g1"}
MC_Members == [c \in Calls |-> CASE c = "g0" -> {"p1", "p2"} [] c = "g1" -> {"p1", "p2"}]
MC_Parent == [c \in Calls |-> CASE c = "g0" -> 0 [] c = "g1" -> 0]
MC_Tag == [c \in Calls |-> CASE c = "g0" -> 0 [] c = "g1" -> 1]
MC_Ids == {2, 3}
MC_Before == [c \in Calls |-> {}]
MC_EagerIds == {2}
MC_InitMask == [p \in Procs |-> Ids]
====
