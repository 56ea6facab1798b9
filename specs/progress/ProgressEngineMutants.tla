------------------------- MODULE ProgressEngineMutants -------------------------
(***************************************************************************)
(* Known-bad designs of the progress engine, each one named defect that a  *)
(* model's configuration substitutes for one operator of ProgressEngine    *)
(* (Op <- Mutant). Each is a defect someone could write; five are the      *)
(* jcstress twins of ProgressEngine, one is the hand-written mutant that   *)
(* no suite caught (a standby that parks without re-checking that a poller *)
(* is still there), and each must make TLC report the property named in   *)
(* its model.                                                              *)
(***************************************************************************)
EXTENDS ProgressEngine

(* A standby parks once registered, without re-checking that a poller is still there: a poller   *)
(* that left between its claim and its registration leaves it asleep with its operation unpolled. *)
SCheckParksAnyway(t) ==
    /\ pc[t] = "scheck"
    /\ SetPc(t, "spark")
    /\ event' = Ev(t, "parks on standby without looking for a poller", {})
    /\ UNCHANGED <<ThreadVars, permit, slot, done>> /\ UNCHANGED EngineVars /\ UNCHANGED EnvVars

(* NoRecheckProgressEngine: the poller parks without re-reading the count after its publication: *)
(* an event counted after its ticket, before its publication, wakes nobody.                       *)
RecheckIgnored(t) ==
    /\ pc[t] = "recheck"
    /\ SetPc(t, "park")
    /\ event' = Ev(t, "parks without re-reading the count", {})
    /\ UNCHANGED <<ThreadVars, permit, slot, done>> /\ UNCHANGED EngineVars /\ UNCHANGED EnvVars

(* LatePublishProgressEngine: the poller reads the count, then publishes itself: a completer that *)
(* counts after the read and rings before the publication unparks nobody.                        *)
PublishAfterRead(t) ==
    /\ pc[t] = "publish"
    /\ SetPc(t, IF events = ticket[t] THEN "late-quiet" ELSE "late-moved")
    /\ event' = Ev(t, "reads the count before publishing itself", {})
    /\ UNCHANGED <<ThreadVars, permit, slot, done>> /\ UNCHANGED EngineVars /\ UNCHANGED EnvVars

RecheckAfterRead(t) ==
    /\ pc[t] \in {"late-quiet", "late-moved"}
    /\ parkedPoller' = t
    /\ SetPc(t, IF pc[t] = "late-quiet" THEN "park" ELSE "unreg")
    /\ event' = Ev(t, "publishes itself as the parked poller", {})
    /\ UNCHANGED <<ThreadVars, permit, slot, done, poller, events, standby, count, active>>
    /\ UNCHANGED EnvVars

(* WakeBeforeLeaveProgressEngine: the leaving poller wakes the standby queue, then gives up the   *)
(* role: a waiter that joins the queue in between sees the old poller and parks.                 *)
LeaveWakesFirst(t) ==
    /\ pc[t] = "leave"
    /\ permit' = [x \in Threads |-> permit[x] \/ x \in standby]
    /\ SetPc(t, "wake")
    /\ event' = Ev(t, "wakes every thread on standby (before leaving)", standby)
    /\ UNCHANGED <<ThreadVars, slot, done>> /\ UNCHANGED EngineVars /\ UNCHANGED EnvVars

WakeLeavesLast(t) ==
    /\ pc[t] = "wake"
    /\ poller' = None
    /\ SetPc(t, "look")
    /\ event' = Ev(t, "leaves the poller role", {})
    /\ UNCHANGED <<ThreadVars, permit, slot, done>>
    /\ UNCHANGED <<parkedPoller, events, standby, count, active>> /\ UNCHANGED EnvVars

(* NoFallbackProgressEngine: a transfer of an operation never rings the poller; it wakes the     *)
(* operation's registered waiter if it finds one, else nobody.                                  *)
RouteNoFallback(l) ==
    LET s == LaneOwner[l]
        w == slot[s]
    IN /\ lpc[l] = "route"
       /\ permit' = IF count # 0 /\ w # None THEN Unparked(w) ELSE permit
       /\ lpc' = [lpc EXCEPT ![l] = "idle"]
       /\ event' = Ev(l, IF count # 0 /\ w # None THEN "wakes " \o w ELSE "wakes nobody", IF count # 0 /\ w # None THEN {w} ELSE {})
       /\ UNCHANGED <<pc, ThreadVars, slot, done, started, work, left, blocked>> /\ UNCHANGED EngineVars

(* A standby back from its park does not poll its own operation: a routed wake-up is lost. *)
OwnPollSkipped(t) ==
    /\ pc[t] \in {"sspin", "ownpoll"}
    /\ pc[t] = "sspin" => (AnyDone(t) \/ poller = None)
    /\ SetPc(t, "look")
    /\ event' = Ev(t, "back from standby, looks again without polling", {})
    /\ UNCHANGED <<ThreadVars, permit, slot, done>> /\ UNCHANGED EngineVars /\ UNCHANGED EnvVars

(* start() without its signal: a transfer that completed before the add woke a poller that did   *)
(* not see the operation yet, and nothing makes it look again.                                  *)
StartWithoutSignal(t) ==
    /\ pc[t] \in {"stell", "stell-first"}
    /\ IF pc[t] = "stell" THEN Return(t) ELSE SetPc(t, "swake") /\ UNCHANGED ip
    /\ event' = Ev(t, "does not signal", {})
    /\ UNCHANGED <<kind, tgt, ticket, snap, seen, cur, reg, permit, slot, done>>
    /\ UNCHANGED EngineVars /\ UNCHANGED EnvVars

(* A standby takes any return from standby for its request's completion: it returns. *)
SLeaveReturns(t) ==
    /\ pc[t] = "sleave"
    /\ slot' = Dereg(t)
    /\ standby' = standby \ {t}
    /\ count' = count - 1
    /\ Return(t)
    /\ event' = Ev(t, "leaves standby and returns", {})
    /\ UNCHANGED <<kind, tgt, ticket, snap, seen, cur, reg, permit, done, poller, parkedPoller, events, active>>
    /\ UNCHANGED EnvVars

(* The standby count is decremented on no path out of standby (an accounting on one path only). *)
SLeaveKeepsCount(t) ==
    /\ pc[t] = "sleave"
    /\ slot' = Dereg(t)
    /\ standby' = standby \ {t}
    /\ SetPc(t, "ownpoll")
    /\ event' = Ev(t, "leaves standby, still counted", {})
    /\ UNCHANGED <<ThreadVars, permit, done, poller, parkedPoller, events, count, active>>
    /\ UNCHANGED EnvVars
(* ProgressRule without the wake-up of the first start: a point-to-point wait that began while    *)
(* nothing was outstanding sleeps on, though an operation it alone could move is outstanding now.  *)
SRingNoWake(t) ==
    /\ pc[t] \in {"sring", "sring-first"}
    /\ permit' = Unparked(parkedPoller)
    /\ Return(t)
    /\ event' = Ev(t, "unparks the parked poller (" \o Show(parkedPoller) \o "); returns", {})
    /\ UNCHANGED <<kind, tgt, ticket, snap, seen, cur, reg, slot, done>>
    /\ UNCHANGED EngineVars /\ UNCHANGED EnvVars

(* A point-to-point wait whose only look at the outstanding count is the one before it registers  *)
(* in the rank's registry (RuleEnter): registered, it parks without looking again, and a start     *)
(* between the look and the registration finds the registry empty and wakes nobody.              *)
P2PRegisterAfterLook(t) ==
    /\ pc[t] = "preg"
    /\ slot' = [r \in Reqs |-> IF r \in tgt[t] /\ slot[r] = None THEN t ELSE slot[r]]
    /\ blocked' = blocked \cup {t}
    /\ SetPc(t, "ppark")
    /\ event' = Ev(t, "registers and parks without looking again", {})
    /\ UNCHANGED <<ThreadVars, permit, done, started, work, left, lpc>> /\ UNCHANGED EngineVars
=============================================================================
