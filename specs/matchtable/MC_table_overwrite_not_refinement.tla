---- MODULE MC_table_overwrite_not_refinement ----
(* Model table_overwrite_not_refinement of MatchTable: variant "overwrite". *)
EXTENDS MatchTable
MC_Msgs == {1, 2}
MC_Kind == [m \in {1, 2} |-> CASE m = 1 -> "eager" [] m = 2 -> "eager"]
====
