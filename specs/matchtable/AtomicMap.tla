------------------------------ MODULE AtomicMap ------------------------------
(***************************************************************************)
(* The sequential specification of the Dang-Snir-Gropp hash table H       *)
(* (§2.2, equations (1)-(3)), with the values its operations return: a    *)
(* map from keys to values or Bot in which insert(k, v) by caller c        *)
(* stores v only if k maps to Bot and returns v, or else changes nothing   *)
(* and returns the value k holds (1); empty(k) always stores Bot (2); a    *)
(* key has exactly one value at a time (3): map is a function. ret[c] is   *)
(* what c's latest insert returned: Algorithms 1 and 2 branch on it        *)
(* ("if v' # v"). Each operation is one atomic step. MatchTable.tla        *)
(* refines it.                                                             *)
(***************************************************************************)
CONSTANTS Keys, Values, Bot, Callers, NoRet
VARIABLES map, ret

Init == /\ map = [k \in Keys |-> Bot]
        /\ ret = [c \in Callers |-> NoRet]

(* (1): success stores v and returns it; failure returns the value held. *)
Insert(c, k, v) == /\ ret' = [ret EXCEPT ![c] = IF map[k] = Bot THEN v ELSE map[k]]
                   /\ map' = IF map[k] = Bot THEN [map EXCEPT ![k] = v] ELSE map
(* (2) *)
Empty(k) == /\ map' = [map EXCEPT ![k] = Bot]
            /\ UNCHANGED ret

Next == \/ \E c \in Callers, k \in Keys, v \in Values : Insert(c, k, v)
        \/ \E k \in Keys : Empty(k)

Spec == Init /\ [][Next]_<<map, ret>>
=============================================================================
