---------------------------- MODULE AtomicMapTrace ----------------------------
(***************************************************************************)
(* Trace validation (Cirstea, Kuppe, Loillier, Merz, Ricketts 2024) of     *)
(* Dang, Snir & Gropp's hash table H (org.mpiverify.core.matching.         *)
(* MatchTable) against AtomicMap, its sequential specification with the   *)
(* values its operations return (§2.2, equations (1)-(3)), the spec        *)
(* MatchTable.tla refines (INSTANCE, not a copy). TLC looks for a behavior *)
(* of AtomicMap that takes the recorded operations one by one.             *)
(*                                                                         *)
(* MatchTable records each operation under its key's bucket lock, with     *)
(* its stamp (so operations on one key are in the order of their critical *)
(* sections, and operations on different keys commute):                    *)
(*   Insert c k v r   insert(k, v) by caller c returned r     AM!Insert    *)
(*   Empty c k r      empty(k) removed r ("bot": k held Bot)  AM!Empty     *)
(* An insert's r must be what AtomicMap's ret gets (v iff k held Bot). An  *)
(* empty's r is the value the implementation removed, which AtomicMap's    *)
(* Empty does not return: it must be the value k holds in the spec just    *)
(* before the step, an observation of the spec's map (so two empties that  *)
(* both report one value, or an empty that erases a value it does not     *)
(* report, are rejected). An owner's lock-free empty through its entry is  *)
(* recorded as an Empty (MatchTable takes the bucket lock around it while  *)
(* recording). The table's growth moves values without changing any key's *)
(* value, so it is no step here (MatchTable.tla's refinement says the     *)
(* same for its steps); the engines' locked-bucket steps are not this      *)
(* table's operations and are validated as matching steps. No step is     *)
(* silent: every state is determined by the events.                       *)
(*                                                                         *)
(* Equation (3), one value per key, holds by construction (map is a        *)
(* function); the checks are that every event is a step of AtomicMap with *)
(* the values recorded. Windows: a window's keys and callers are those     *)
(* with steps in it, from their first step to their last (a key with steps *)
(* before and after a window is in it), starting from Start, the state    *)
(* TLC printed at the end of the window before.                           *)
(***************************************************************************)
EXTENDS Naturals, Sequences, TLC

CONSTANTS
    Keys,       \* the keys of the window
    Values,     \* the values inserted ("v1", ...)
    Callers,    \* the callers of the window (one per Java thread)
    Trace,      \* Seq of events, in the recorded global order
    FromInit,   \* TRUE: the window starts in Init; FALSE: in Start
    Start,      \* [map, ret]: where the window starts
    StopAt      \* print the state when event StopAt is next, and stop (Len(Trace) + 1: the whole trace)

VARIABLES map, ret, l

Bot == "bot"
NoRet == "none"

AM == INSTANCE AtomicMap

E == Trace[l]   \* the next event

(* AtomicMap's actions, as operators a mutant can replace in TLC's configuration. *)
InsertStep(c, k, v) == AM!Insert(c, k, v)
EmptyStep(k) == AM!Empty(k)

StateRecord == [map |-> map, ret |-> ret]

TraceInit ==
    /\ l = 1
    /\ TLCSet(1, 0)
    /\ IF FromInit THEN AM!Init
       ELSE /\ map = [k \in Keys |-> IF k \in DOMAIN Start.map THEN Start.map[k] ELSE Bot]
            /\ ret = [c \in Callers |-> IF c \in DOMAIN Start.ret THEN Start.ret[c] ELSE NoRet]

TakeEvent ==
    CASE E.k = "Insert" -> /\ InsertStep(E.c, E.key, E.v)
                           /\ ret'[E.c] = E.r
      [] E.k = "Empty" -> /\ map[E.key] = E.r
                          /\ EmptyStep(E.key)
      [] OTHER -> FALSE

TraceNext ==
    /\ l <= Len(Trace)
    /\ TakeEvent
    /\ l' = l + 1

(* Constraints: evaluated on every state TLC reaches (they are TRUE, their point is the output).     *)
(* TraceStop ends the run only before the end of the trace (see ProbeTrace).                        *)
TraceProgress == l > TLCGet(1) => (TLCSet(1, l) /\ PrintT(<<"TRACE-REACHED", l>>))
TraceStop == l = StopAt => (PrintT(<<"TRACE-STATE", l, StateRecord>>)
                            /\ (StopAt <= Len(Trace) => TLCSet("exit", TRUE)))
=============================================================================
