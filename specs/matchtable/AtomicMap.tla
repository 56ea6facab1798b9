------------------------------ MODULE AtomicMap ------------------------------
(***************************************************************************)
(* The sequential specification of the Dang-Snir-Gropp hash table H       *)
(* (§2.2, equations (1)-(3)): a map from keys to values or Bot in which    *)
(* insert(k, v) stores v only if k maps to Bot (1), empty(k) always stores *)
(* Bot (2), and a key has exactly one value at a time (3): map is a        *)
(* function. Each operation is one atomic step. MatchTable.tla refines it. *)
(***************************************************************************)
CONSTANTS Keys, Values, Bot
VARIABLE map

Init == map = [k \in Keys |-> Bot]

\* (1) a successful insert; a failing insert returns map[k] and changes nothing (a stutter).
Insert(k, v) == /\ map[k] = Bot
                /\ map' = [map EXCEPT ![k] = v]
\* (2)
Empty(k) == map' = [map EXCEPT ![k] = Bot]

Next == \E k \in Keys : (\E v \in Values : Insert(k, v)) \/ Empty(k)

Spec == Init /\ [][Next]_map
=============================================================================
