---- MODULE MC_table_eager2 ----
(* Model table_eager2 of MatchTable: variant "flag". *)
EXTENDS MatchTable
MC_Msgs == {1, 2}
MC_Kind == [m \in {1, 2} |-> CASE m = 1 -> "eager" [] m = 2 -> "eager"]
====
