---- MODULE MC_table_rndv ----
(* Model table_rndv of MatchTable: variant "flag". *)
EXTENDS MatchTable
MC_Msgs == {1}
MC_Kind == [m \in {1} |-> CASE m = 1 -> "rndv"]
====
