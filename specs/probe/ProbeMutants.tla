---------------------------- MODULE ProbeMutants ----------------------------
(***************************************************************************)
(* Spec mutants of Probe: each replaces one operator (a model's            *)
(* configuration says which, "Op <- Mutant"); each is a defect that some   *)
(* property must catch (the manifest names which). They make NoFalseMatch, *)
(* AtMostOnce, ExactlyOnce and NonOvertaking checkable for mprobe, where   *)
(* the correct spec makes them true by construction.                       *)
(***************************************************************************)
EXTENDS Probe

(* mprobe that matches a message but leaves it queued (match and removal  *)
(* not one step): two threads can match the same message.                 *)
MprobeLeavesMessage(t) ==
    LET i == FirstMatch(Req(t)) IN
    /\ Variant = "mprobe"
    /\ Looking(t)
    /\ i # 0
    /\ probed' = [probed EXCEPT ![t] = uq[i]]
    /\ log' = Append(log, [m |-> uq[i], r |-> Req(t)])
    /\ pc' = [pc EXCEPT ![t] = "recv"]
    /\ Unwatch(t)
    /\ event' = Ev(t, "mprobe" \o ShowReq(Req(t)) \o " matches " \o Show(uq[i]) \o " (left queued)", {})
    /\ UNCHANGED <<arrived, uq, next, got, want, signalling>>

(* mrecv that receives by the handle's envelope (source, tag) instead of  *)
(* the handle's message: the earliest queued message with that envelope.  *)
MrecvByEnvelope(t) ==
    LET r == [src |-> probed[t].src, tag |-> probed[t].tag]
        i == FirstMatch(r)
    IN
    /\ Variant = "mprobe"
    /\ pc[t] = "recv"
    /\ i # 0
    /\ got' = [got EXCEPT ![t] = Append(@, uq[i])]
    /\ want' = [want EXCEPT ![t] = Append(@, probed[t])]
    /\ uq' = RemoveAt(uq, i)
    /\ Advance(t)
    /\ event' = Ev(t, "mrecv" \o ShowReq(r) \o " by envelope gets " \o Show(uq[i]), {})
    /\ UNCHANGED <<arrived, probed, log, watchers, stale, signalling>>

(* The matching rule "the latest queued message that matches" instead of  *)
(* the earliest: a match can skip an earlier message of the same sender.  *)
LastMatch(r) == IF \E i \in 1..Len(uq) : Matches(uq[i], r)
                  THEN CHOOSE i \in 1..Len(uq) : Matches(uq[i], r) /\ \A j \in (i+1)..Len(uq) : ~Matches(uq[j], r)
                  ELSE 0

(* A blocking probe that forgets EventCount.watch() before its first ticket: a sender that enqueues *)
(* after the thread's look reads watchers = 0 and does not signal, and the thread waits forever     *)
(* beside a message it matches (the lost wake-up the Dekker pair exists for).                       *)
NoWatch(t) ==
    /\ pc[t] = "watch"
    /\ pc' = [pc EXCEPT ![t] = "ticket"]
    /\ event' = Ev(t, "(no watch)", {})
    /\ UNCHANGED <<arrived, uq, next, probed, got, want, log, watchers, stale, signalling>>

(* The matching rule forgets the tag: a request for tag 2 matches a tag-1 message. *)
TagIgnored(m, r) == r.src = Wild \/ r.src = m.src
=============================================================================
