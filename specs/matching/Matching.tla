------------------------------ MODULE Matching ------------------------------
(***************************************************************************)
(* MPI message matching at one process (MPI-3.1 §3.5, "Matching" and     *)
(* "Order"; §3.8 cancel): for each communicator context, the receives     *)
(* posted and not yet matched, in posting order, and the messages arrived *)
(* and not yet received (unexpected), in arrival order.                    *)
(*                                                                         *)
(*   Post(r)    a receive (src or AnySource, tag or AnyTag) takes the     *)
(*              earliest matching unexpected message, else is posted.     *)
(*   Arrive(m)  a message takes the earliest matching posted receive,     *)
(*              else is queued as unexpected. A sender's messages arrive  *)
(*              in the order it sent them (ids increase with send order). *)
(*   Cancel(r)  a posted receive is removed.                               *)
(*                                                                         *)
(* Java: org.mpiverify.core.matching.MatchingEngine (matchOrPost,          *)
(*   matchOrEnqueue, remove, take), QueueMatchingEngine (MPICH's two       *)
(*   queues per context), HashMatchingEngine (Dang, Snir & Gropp's table  *)
(*   for exact keys, indexed queues in wild mode). MatchingTrace.tla       *)
(*   checks their recorded steps against this module.                      *)
(*                                                                         *)
(* Receives and messages are records [id, ctx, src, tag]; the model's      *)
(* Recvs and Msgs name what may be posted and sent. The history variables *)
(* recvMatch (receive id -> message id) and msgMatch (message id ->        *)
(* receive id) state the properties in time linear in the matches.        *)
(***************************************************************************)
EXTENDS Integers, Sequences, FiniteSets, TLC

CONSTANTS Contexts,   \* context ids
          Msgs,       \* messages that may arrive: [id |-> i, ctx, src, tag], ids unique
          Recvs,      \* receives that may be posted: [id |-> i, ctx, src, tag]
          CanCancel   \* whether posted receives may be cancelled

AnySource == -2       \* the values of MatchingEngine.ANY_SOURCE and ANY_TAG
AnyTag == -1

VARIABLES posted,     \* [Contexts -> Seq(receive)]  posted receives, in posting order
          unexp,      \* [Contexts -> Seq(message)]  unexpected messages, in arrival order
          used,       \* ids of the receives posted so far (matched or not)
          arrived,    \* ids of the messages arrived so far
          recvMatch,  \* [receive id -> message id] of every match made
          msgMatch,   \* [message id -> receive id] of every match made
          lastMatch   \* the match the last matching step made: [r |-> receive, m |-> message], or NoMatch

vars == <<posted, unexp, used, arrived, recvMatch, msgMatch, lastMatch>>

NoMatch == [r |-> "none"]

Matches(r, m) == /\ r.ctx = m.ctx
                 /\ r.src \in {AnySource, m.src}
                 /\ r.tag \in {AnyTag, m.tag}

(* m1 was sent before m2 by the same sender on the same communicator. *)
SentBefore(m1, m2) == m1.ctx = m2.ctx /\ m1.src = m2.src /\ m1.id < m2.id

(* The first index i >= k of queue q whose element matches x (recvQueue: q holds receives), else 0. *)
RECURSIVE FirstFrom(_, _, _, _)
FirstFrom(q, x, k, recvQueue) ==
    IF k > Len(q) THEN 0
    ELSE IF (IF recvQueue THEN Matches(q[k], x) ELSE Matches(x, q[k])) THEN k
    ELSE FirstFrom(q, x, k + 1, recvQueue)

(* The index of receive r in queue q, else 0. *)
RECURSIVE IndexFrom(_, _, _)
IndexFrom(q, r, k) == IF k > Len(q) THEN 0 ELSE IF q[k].id = r.id THEN k ELSE IndexFrom(q, r, k + 1)

Drop(q, i) == SubSeq(q, 1, i - 1) \o SubSeq(q, i + 1, Len(q))

(* The rules, named so that MatchingMutants can replace one (a model's "Op <- Mutant"):            *)
MsgFor(r) == FirstFrom(unexp[r.ctx], r, 1, FALSE)      \* the message a receive takes: the earliest
RecvFor(m) == FirstFrom(posted[m.ctx], m, 1, TRUE)     \* the receive a message takes: the earliest
Taken(q, i) == Drop(q, i)                              \* the unexpected queue after a message is taken

(* Records the match of receive r and message m. *)
Match(r, m) == /\ recvMatch' = (r.id :> m.id) @@ recvMatch
               /\ msgMatch' = (m.id :> r.id) @@ msgMatch
               /\ lastMatch' = [r |-> r, m |-> m]

Init == /\ posted = [c \in Contexts |-> <<>>]
        /\ unexp = [c \in Contexts |-> <<>>]
        /\ used = {}
        /\ arrived = {}
        /\ recvMatch = <<>>
        /\ msgMatch = <<>>
        /\ lastMatch = NoMatch

Post(r) ==
    /\ r.id \notin used
    /\ used' = used \cup {r.id}
    /\ LET i == MsgFor(r) IN
       IF i = 0
       THEN /\ posted' = [posted EXCEPT ![r.ctx] = Append(@, r)]
            /\ UNCHANGED <<unexp, recvMatch, msgMatch, lastMatch>>
       ELSE /\ unexp' = [unexp EXCEPT ![r.ctx] = Taken(@, i)]
            /\ Match(r, unexp[r.ctx][i])
            /\ UNCHANGED posted
    /\ UNCHANGED arrived

(* Send order: the earlier messages of m's sender have arrived. (A trace names messages by their    *)
(* arrival, so there the guard holds by construction: see MatchingTrace.)                            *)
SendOrderKept(m) == \A m2 \in Msgs : SentBefore(m2, m) => m2.id \in arrived

Arrive(m) ==
    /\ m.id \notin arrived
    /\ SendOrderKept(m)
    /\ arrived' = arrived \cup {m.id}
    /\ LET i == RecvFor(m) IN
       IF i = 0
       THEN /\ unexp' = [unexp EXCEPT ![m.ctx] = Append(@, m)]
            /\ UNCHANGED <<posted, recvMatch, msgMatch, lastMatch>>
       ELSE /\ posted' = [posted EXCEPT ![m.ctx] = Drop(@, i)]
            /\ Match(posted[m.ctx][i], m)
            /\ UNCHANGED unexp
    /\ UNCHANGED used

Cancel(r) ==
    /\ CanCancel
    /\ IndexFrom(posted[r.ctx], r, 1) # 0
    /\ posted' = [posted EXCEPT ![r.ctx] = Drop(@, IndexFrom(@, r, 1))]
    /\ UNCHANGED <<unexp, used, arrived, recvMatch, msgMatch, lastMatch>>

Next == \/ \E r \in Recvs : Post(r) \/ Cancel(r)
        \/ \E m \in Msgs : Arrive(m)

Spec == Init /\ [][Next]_vars

View == <<posted, unexp, used, arrived, recvMatch, msgMatch>>

-----------------------------------------------------------------------------
(* Properties; each is violated by a model of MatchingMutants (manifest.json). All are linear in   *)
(* the matches and queues, so a trace of thousands of events checks them in every state.          *)

(* Each message is matched at most once, and each receive: recvMatch and msgMatch are inverse. *)
MatchedOnce == /\ \A r \in DOMAIN recvMatch : recvMatch[r] \in DOMAIN msgMatch /\ msgMatch[recvMatch[r]] = r
               /\ \A m \in DOMAIN msgMatch : msgMatch[m] \in DOMAIN recvMatch /\ recvMatch[msgMatch[m]] = m

(* No message is lost or duplicated: every arrived message is unexpected or matched, not both. *)
QueuedIds == UNION {{unexp[c][i].id : i \in 1..Len(unexp[c])} : c \in Contexts}
NoLoss == /\ arrived = QueuedIds \cup DOMAIN msgMatch
          /\ QueuedIds \cap DOMAIN msgMatch = {}

(* No posted receive matches an unexpected message: whichever came second would have matched it.   *)
(* With NoLoss: once every message has arrived, each is matched exactly once, or waits for a      *)
(* receive that was never posted.                                                                  *)
NoMatchLeft == \A c \in Contexts : \A i \in 1..Len(posted[c]) : FirstFrom(unexp[c], posted[c][i], 1, FALSE) = 0

(* Non-overtaking (§3.5 "Order"), an action property: the match (r, m) a step makes leaves pending *)
(* no earlier-sent message of m's sender that r matches, and no receive posted before r that m     *)
(* matches. (Across senders MPI orders nothing; the engines' arrival order is checked by the trace *)
(* itself: MatchingTrace makes every match name the message the spec picks.)                       *)
OrderKept(r, m) ==
    LET c == m.ctx
        j == IndexFrom(posted[c], r, 1)   \* r's place among the receives posted before the step, or 0
    IN /\ \A i \in 1..Len(unexp[c]) : ~(SentBefore(unexp[c][i], m) /\ Matches(r, unexp[c][i]))
       /\ \A i \in 1..(IF j = 0 THEN Len(posted[c]) ELSE j - 1) : ~Matches(posted[c][i], m)
NonOvertaking == [][lastMatch' # lastMatch /\ lastMatch' # NoMatch => OrderKept(lastMatch'.r, lastMatch'.m)]_vars
=============================================================================
