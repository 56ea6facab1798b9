---- MODULE MC_table_noflag_lost_wakeup ----
(* Model table_noflag_lost_wakeup of MatchTable: variant "noflag". *)
EXTENDS MatchTable
MC_Msgs == {1}
MC_Kind == [m \in {1} |-> CASE m = 1 -> "eager"]
====
