------------------------- MODULE ProgressEngineBounded -------------------------
(***************************************************************************)
(* ProgressEngine with a finite state space under every change of how it   *)
(* counts: a VIEW that keeps of the event count only what the engine reads *)
(* of it, and a state constraint on the count.                             *)
(*                                                                         *)
(* The engine reads Doorbell.events only against a ticket: a ticket takes  *)
(* the count (ticket' = events), a poller compares them (events = ticket,  *)
(* events # ticket), and the count only grows by one. Lag, each thread's   *)
(* ticket less the count ("behind" when the count is ahead), is therefore  *)
(* all of the pair a step can tell: two states with the same Lag and the   *)
(* same other variables have the same successors up to the same Lag, and   *)
(* satisfy the same invariants and properties (none reads events or        *)
(* ticket). EventView is View with Lag for ticket and events: a            *)
(* bisimulation, sound for liveness as View is.                            *)
(*                                                                         *)
(* Under View a specification whose operations never finish counts        *)
(* without end (the Arrive that does not count down: each transfer is      *)
(* counted, polled, and asked again), so TLC never finishes and, checking  *)
(* liveness on the complete graph only, reports nothing. Under EventView   *)
(* its state space is finite and TLC finds the lasso.                      *)
(*                                                                         *)
(* EventsWithinOperations bounds the count by what the model's operations  *)
(* can make: one event per start (its signal) and per transfer of an       *)
(* operation. It does not bind on the specification (the same distinct     *)
(* states with and without it), and it alone does not make TLC report a    *)
(* behaviour that leaves it: with View and the constraint, TLC passes the  *)
(* Arrive mutant (specs/README.md, "State constraints").                   *)
(***************************************************************************)
EXTENDS ProgressEngine

Lag == [t \in Threads |-> IF ticket[t] < events THEN "behind" ELSE ticket[t] - events]

EventView == <<pc, ip, kind, tgt, Lag, snap, seen, cur, reg, permit, poller, parkedPoller,
               standby, count, active, slot, done, started, work, left, lpc, blocked>>

RECURSIVE StepsOf(_)
StepsOf(S) == IF S = {} THEN 0 ELSE LET s == CHOOSE x \in S : TRUE IN Steps[s] + StepsOf(S \ {s})

StartCalls == UNION {{<<t, i>> : i \in {j \in 1..Len(Prog[t]) : Prog[t][j].op = "start"}} : t \in Threads}

EventsWithinOperations == events <= StepsOf(Sched) + Cardinality(StartCalls)
=============================================================================
