---- MODULE MC_keyed_sequenced ----
(* Model keyed_sequenced of ContextId: variant "keyed". Generated constants, see manifest.json. *)
(* createGroup on parent 0 over three overlapping pairs; one thread on p2 runs W then X, one on p3 *)
(* runs V then W; p1 runs X and V on two threads. If X owns p1's mask before V arrives there, X    *)
(* waits for p2, p2's thread is in W, W waits for p3, p3's thread is in V, V needs p1's mask.     *)
EXTENDS ContextId
MC_Procs == {"p1", "p2", "p3"}
MC_Calls == {"X", "V", "W"}
MC_Members == [c \in Calls |-> CASE c = "X" -> {"p1", "p2"} [] c = "V" -> {"p3", "p1"} [] c = "W" -> {"p2", "p3"}]
MC_Parent == [c \in Calls |-> 0]
MC_Tag == [c \in Calls |-> CASE c = "X" -> 0 [] c = "V" -> 1 [] c = "W" -> 2]
MC_Ids == {2, 3, 4}
MC_Before == [c \in Calls |-> CASE c = "X" -> {"W"} [] c = "W" -> {"V"} [] c = "V" -> {}]
MC_EagerIds == {2}
MC_InitMask == [p \in Procs |-> Ids]
====
