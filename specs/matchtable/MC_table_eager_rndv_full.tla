---- MODULE MC_table_eager_rndv_full ----
(* Model table_eager_rndv_full of MatchTable: variant "flag". *)
EXTENDS MatchTable
MC_Msgs == {1, 2}
MC_Kind == [m \in {1, 2} |-> CASE m = 1 -> "eager" [] m = 2 -> "rndv"]
====
