-------------------------------- MODULE Toy --------------------------------
(***************************************************************************)
(* A known-good module for the spec mutation operators' tests: a producer *)
(* hands values 1..N over to a consumer through a buffer and a flag (data *)
(* first, then the flag), the consumer queues them, a taker takes them in *)
(* increasing order. Every operator has at least one site here.           *)
(***************************************************************************)
EXTENDS Integers, Sequences, TLC

CONSTANT N

VARIABLES data,    \* the buffer
          flag,    \* the buffer holds a value not yet consumed
          q,       \* values consumed, not yet taken, in order
          count,   \* values consumed so far
          got,     \* values taken
          event    \* history: the last step's name

vars == <<data, flag, q, count, got, event>>

Max(S) == CHOOSE x \in S : \A y \in S : x >= y
Min(S) == CHOOSE x \in S : \A y \in S : x <= y
Last == IF got = {} THEN 0 ELSE Max(got)

Init == /\ data = 0
        /\ flag = FALSE
        /\ q = <<>>
        /\ count = 0
        /\ got = {}
        /\ event = "init"

Publish == /\ ~flag
           /\ count < N
           /\ data' = count + 1
           /\ flag' = TRUE
           /\ event' = "publish " \o ToString(count + 1)
           /\ UNCHANGED <<q, count, got>>

Consume == /\ flag
           /\ q' = Append(q, data)
           /\ count' = count + 1
           /\ flag' = FALSE
           /\ event' = "consume"
           /\ UNCHANGED <<data, got>>

Take == /\ q # <<>>
        /\ Head(q) \notin got
        /\ \A v \in got : v < Head(q)
        /\ Head(q) > Last
        /\ got' = got \cup {Head(q)}
        /\ q' = Tail(q)
        /\ UNCHANGED <<data, flag, count, event>>

Done == /\ count >= N
        /\ q = <<>>
        /\ UNCHANGED vars

Next == Publish \/ Consume \/ Take \/ Done

Spec == Init /\ [][Next]_vars

View == <<data, flag, q, count, got>>

-----------------------------------------------------------------------------
(* The promise: every value 1..N is taken exactly once, in order. *)
InOrder == \A i \in 1..Len(q) : q[i] \in (count - Len(q) + 1)..count /\ (i > 1 => q[i - 1] < q[i])
AllTaken == (count >= N /\ q = <<>>) => got = 1..N
Taken == got = 1..(count - Len(q))

(* A deliberately weak check: it cannot fail. *)
Weak == TRUE
=============================================================================
