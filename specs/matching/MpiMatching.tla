----------------------------- MODULE MpiMatching -----------------------------
(***************************************************************************)
(* What MPI promises about message matching at one process, written from   *)
(* the standard, not from any queue discipline: MPI-3.1 §3.5 ("Order",    *)
(* and the matching rules of §3.2.4: envelope, wildcards), §3.8.4         *)
(* (cancel). Matching.tla refines it; so does every engine that claims    *)
(* the MatchingEngine contract.                                            *)
(*                                                                         *)
(* A receive matches a message only if the message fits the receive's     *)
(* envelope: same communicator, the receive's source is the message's or  *)
(* MPI_ANY_SOURCE, its tag the message's or MPI_ANY_TAG (§3.2.4).          *)
(* Non-overtaking (§3.5): if a sender sends two messages on a             *)
(* communicator and both fit a receive, the receive cannot take the second *)
(* while the first is pending; if two receives are posted in succession   *)
(* and both fit a message, the second cannot take it while the first is   *)
(* pending. Across senders nothing is ordered: a receive that several     *)
(* senders' messages fit may take any sender's earliest one.               *)
(* Cancel (§3.8.4): a cancel either succeeds, and the receive never       *)
(* matches, or fails, and then the receive has matched and completes      *)
(* normally; never both. (A cancel that failed on a receive that never    *)
(* matches would leave its MPI_Wait, which §3.8.4 guarantees to return,   *)
(* waiting forever.)                                                       *)
(* Each message is received at most once, each receive satisfied at most  *)
(* once. Matching is decided when a receive is posted or a message        *)
(* arrives (the operations of MatchingEngine are atomic), so no waiting   *)
(* receive fits a pending message.                                         *)
(*                                                                         *)
(* Receives and messages are records [id, ctx, src, tag] (ids unique among *)
(* receives, and among messages). Message ids encode each sender's send   *)
(* order on a communicator: SentEarlier. The state is what the standard   *)
(* talks about: the messages sent and not received (a set: the standard   *)
(* orders only one sender's), the receives waiting on each communicator   *)
(* in posting order, the matches made, the receives cancelled and those   *)
(* whose cancel failed.                                                    *)
(***************************************************************************)
EXTENDS Integers, Sequences, FiniteSets

CONSTANTS Contexts,   \* communicator contexts
          Msgs,       \* messages that may be sent: [id, ctx, src, tag]
          Recvs,      \* receives that may be posted: [id, ctx, src, tag]
          AnySource,  \* MPI_ANY_SOURCE
          AnyTag      \* MPI_ANY_TAG

VARIABLES pendingMsgs,  \* messages sent and not yet received
          waiting,      \* [Contexts -> Seq(receive)] posted, neither matched nor cancelled, in posting order
          matches,      \* set of <<receive, message>>: every match made
          cancelled,    \* receives whose cancel succeeded
          cancelFailed  \* receives whose cancel failed

vars == <<pendingMsgs, waiting, matches, cancelled, cancelFailed>>

(* §3.2.4: the message fits the receive's envelope. *)
Fits(r, m) == /\ r.ctx = m.ctx
              /\ r.src = AnySource \/ r.src = m.src
              /\ r.tag = AnyTag \/ r.tag = m.tag

(* m1 was sent before m2 by the same sender on the same communicator. *)
SentEarlier(m1, m2) == m1.ctx = m2.ctx /\ m1.src = m2.src /\ m1.id < m2.id

Received == {p[2] : p \in matches}
Satisfied == {p[1] : p \in matches}
Sent == pendingMsgs \cup Received
WaitingOn(c) == {waiting[c][i] : i \in 1..Len(waiting[c])}
AllWaiting == UNION {WaitingOn(c) : c \in Contexts}
Posted == AllWaiting \cup Satisfied \cup cancelled

Remove(q, i) == SubSeq(q, 1, i - 1) \o SubSeq(q, i + 1, Len(q))
Place(q, r) == CHOOSE i \in 1..Len(q) : q[i] = r

(* Non-overtaking on the sender's side: r may take m only if no message sent earlier by m's sender *)
(* on m's communicator that also fits r is pending.                                                 *)
Eligible(r, m) == /\ m \in pendingMsgs
                  /\ Fits(r, m)
                  /\ ~\E m2 \in pendingMsgs : SentEarlier(m2, m) /\ Fits(r, m2)

Init == /\ pendingMsgs = {}
        /\ waiting = [c \in Contexts |-> <<>>]
        /\ matches = {}
        /\ cancelled = {}
        /\ cancelFailed = {}

(* A receive is posted: it takes an eligible pending message (any sender's), if one fits; else it waits. *)
Post(r) ==
    /\ r \notin Posted
    /\ IF \E m \in pendingMsgs : Fits(r, m)
       THEN \E m \in pendingMsgs :
               /\ Eligible(r, m)
               /\ matches' = matches \cup {<<r, m>>}
               /\ pendingMsgs' = pendingMsgs \ {m}
               /\ UNCHANGED waiting
       ELSE /\ waiting' = [waiting EXCEPT ![r.ctx] = Append(@, r)]
            /\ UNCHANGED <<pendingMsgs, matches>>
    /\ UNCHANGED <<cancelled, cancelFailed>>

(* A message is sent (a sender sends in its order): the earliest-posted waiting receive it fits takes *)
(* it; if none fits, it is pending.                                                                   *)
Send(m) ==
    /\ m \notin Sent
    /\ \A m2 \in Msgs : SentEarlier(m2, m) => m2 \in Sent
    /\ LET fit == {i \in 1..Len(waiting[m.ctx]) : Fits(waiting[m.ctx][i], m)} IN
       IF fit = {}
       THEN /\ pendingMsgs' = pendingMsgs \cup {m}
            /\ UNCHANGED <<waiting, matches>>
       ELSE LET i == CHOOSE j \in fit : \A k \in fit : j <= k IN
            /\ matches' = matches \cup {<<waiting[m.ctx][i], m>>}
            /\ waiting' = [waiting EXCEPT ![m.ctx] = Remove(@, i)]
            /\ UNCHANGED pendingMsgs
    /\ UNCHANGED <<cancelled, cancelFailed>>

(* A cancel succeeds on a waiting receive ... *)
Cancel(r) ==
    /\ r \in WaitingOn(r.ctx)
    /\ waiting' = [waiting EXCEPT ![r.ctx] = Remove(@, Place(@, r))]
    /\ cancelled' = cancelled \cup {r}
    /\ UNCHANGED <<pendingMsgs, matches, cancelFailed>>

(* ... and fails on a matched one, which completes normally. *)
CancelFails(r) ==
    /\ r \in Satisfied
    /\ r \notin cancelFailed
    /\ cancelFailed' = cancelFailed \cup {r}
    /\ UNCHANGED <<pendingMsgs, waiting, matches, cancelled>>

Next == \/ \E r \in Recvs : Post(r) \/ Cancel(r) \/ CancelFails(r)
        \/ \E m \in Msgs : Send(m)

Spec == Init /\ [][Next]_vars

View == vars

-----------------------------------------------------------------------------
(* The promises, as invariants and one action property. Each holds in Spec by construction; an      *)
(* implementation checks them over its refinement mapping (Matching.tla), with Spec itself.          *)

(* A receive matches only a message that fits its envelope. *)
MatchesFit == \A p \in matches : Fits(p[1], p[2])

(* A message is received at most once and a receive satisfied at most once; what is received is not *)
(* pending any more, and a satisfied receive does not wait any more.                                 *)
MatchedOnce == /\ Cardinality(Satisfied) = Cardinality(matches)   \* no two matches share a receive,
               /\ Cardinality(Received) = Cardinality(matches)    \* nor a message (pairwise: quadratic)
               /\ Received \cap pendingMsgs = {}
               /\ Satisfied \cap AllWaiting = {}
               /\ \A c \in Contexts : Cardinality(WaitingOn(c)) = Len(waiting[c])

(* A cancelled receive never matches and does not wait; a matched one is not cancelled; a cancel    *)
(* fails only on a matched receive.                                                                *)
CancelExclusive == /\ cancelled \cap Satisfied = {}
                   /\ cancelled \cap AllWaiting = {}
                   /\ cancelFailed \subseteq Satisfied

(* Nothing matchable is left: no waiting receive fits a pending message. *)
NoMatchLeft == \A c \in Contexts : \A i \in 1..Len(waiting[c]) : \A m \in pendingMsgs : ~Fits(waiting[c][i], m)

(* Non-overtaking, an action property: a match (r, m) made by a step leaves pending no message sent  *)
(* earlier by m's sender that fits r, and no receive posted before r that m fits.                     *)
InOrder(r, m) ==
    /\ ~\E m2 \in pendingMsgs : SentEarlier(m2, m) /\ Fits(r, m2)
    /\ LET q == waiting[m.ctx]
           before == IF r \in WaitingOn(m.ctx) THEN Place(q, r) - 1 ELSE Len(q)
       IN \A i \in 1..before : ~Fits(q[i], m)
NonOvertakingStep == \A p \in matches' \ matches : InOrder(p[1], p[2])
NonOvertakingVars == vars
NonOvertaking == [][NonOvertakingStep]_NonOvertakingVars

(* Posting a receive is a local call (MPI_Irecv returns at once, §3.7), and so is the engine's handling *)
(* of an arriving message (matched or queued, whatever the receives): neither waits for another call.   *)
(* So, under fair scheduling of the calls, every receive the program posts is posted and every message *)
(* its senders send arrives. A temporal property: a spec whose calls can stop taking effect (a call    *)
(* disabled, lost or stuck) satisfies every invariant above, since nothing it never does is wrong.     *)
AllCallsMade == Posted = Recvs /\ Sent = Msgs
CallsTakeEffect == <>AllCallsMade
=============================================================================
