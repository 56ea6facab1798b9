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
(*   Cancel(r)  the user cancels a receive: removed if still posted, else  *)
(*              the cancel fails (the receive has matched).               *)
(*                                                                         *)
(* Java: org.mpiverify.core.matching.MatchingEngine (matchOrPost,          *)
(*   matchOrEnqueue, remove, take), QueueMatchingEngine (MPICH's two       *)
(*   queues per context), HashMatchingEngine (Dang, Snir & Gropp's table  *)
(*   for exact keys, indexed queues in wild mode; its own steps, the mode *)
(*   handshake, are HashMatching.tla). MatchingTrace.tla checks their      *)
(*   recorded steps against this module.                                   *)
(*                                                                         *)
(* Receives and messages are records [id, ctx, src, tag]; the model's      *)
(* Recvs and Msgs name what may be posted and sent. The history variables *)
(* matched (the pairs <<receive, message>> matched), cancelled and         *)
(* refused (the receives whose cancel succeeded, failed) are what the      *)
(* refinement mapping to MpiMatching, the standard's promise, needs       *)
(* besides the queues.                                                     *)
(*                                                                         *)
(* Cancel is the user's MPI_Cancel of a receive it posted, at any time    *)
(* before it knows the receive complete: Endpoint.cancel calls the         *)
(* engine's remove, which succeeds only if the receive is still posted;   *)
(* a receive already matched (its completion may still be on its way)    *)
(* makes the cancel fail and completes normally.                          *)
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
          matched,    \* history: the pairs <<receive, message>> matched so far
          cancelled,  \* history: the receives whose cancel succeeded
          refused     \* history: the receives whose cancel failed

vars == <<posted, unexp, used, arrived, matched, cancelled, refused>>

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
PostedAfter(q, r) == Append(q, r)                      \* the posted queue after r is posted: at the end

(* Records the match of receive r and message m. *)
Match(r, m) == matched' = matched \cup {<<r, m>>}

Init == /\ posted = [c \in Contexts |-> <<>>]
        /\ unexp = [c \in Contexts |-> <<>>]
        /\ used = {}
        /\ arrived = {}
        /\ matched = {}
        /\ cancelled = {}
        /\ refused = {}

Post(r) ==
    /\ r.id \notin used
    /\ used' = used \cup {r.id}
    /\ LET i == MsgFor(r) IN
       IF i = 0
       THEN /\ posted' = [posted EXCEPT ![r.ctx] = PostedAfter(@, r)]
            /\ UNCHANGED <<unexp, matched>>
       ELSE /\ unexp' = [unexp EXCEPT ![r.ctx] = Taken(@, i)]
            /\ Match(r, unexp[r.ctx][i])
            /\ UNCHANGED posted
    /\ UNCHANGED <<arrived, cancelled, refused>>

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
            /\ UNCHANGED <<posted, matched>>
       ELSE /\ posted' = [posted EXCEPT ![m.ctx] = Drop(@, i)]
            /\ Match(posted[m.ctx][i], m)
            /\ UNCHANGED unexp
    /\ UNCHANGED <<used, cancelled, refused>>

(* The engine's remove succeeds iff r is still posted (not yet matched). *)
CancelOk(r) == IndexFrom(posted[r.ctx], r, 1) # 0

(* MPI_Cancel of a receive the user posted and has not seen complete (nor cancelled): the engine      *)
(* removes it if it is still posted and the request completes as cancelled; else the cancel fails.    *)
Cancel(r) ==
    /\ CanCancel
    /\ r.id \in used
    /\ r \notin cancelled \cup refused
    /\ IF CancelOk(r)
       THEN /\ posted' = [posted EXCEPT ![r.ctx] = Drop(@, IndexFrom(@, r, 1))]
            /\ cancelled' = cancelled \cup {r}
            /\ UNCHANGED refused
       ELSE /\ refused' = refused \cup {r}
            /\ UNCHANGED <<posted, cancelled>>
    /\ UNCHANGED <<unexp, used, arrived, matched>>

Next == \/ \E r \in Recvs : Post(r) \/ Cancel(r)
        \/ \E m \in Msgs : Arrive(m)

Spec == Init /\ [][Next]_vars

(* Every enabled step is taken eventually: the calls are made, each by its own thread. *)
FairSpec == Spec /\ WF_vars(Next)

View == vars

-----------------------------------------------------------------------------
(* The promise: MpiMatching, under the refinement mapping below. The queues' contents are what the  *)
(* standard calls waiting receives and pending messages; the history variables are the matches and  *)
(* the cancelled receives. Each promise is stated once, in MpiMatching; here it is only named, so    *)
(* that a model can check it as an invariant (a readable counterexample) besides the refinement.    *)
QueuedMsgs == UNION {{unexp[c][i] : i \in 1..Len(unexp[c])} : c \in Contexts}

Abs == INSTANCE MpiMatching WITH pendingMsgs <- QueuedMsgs, waiting <- posted, matches <- matched,
                                 cancelled <- cancelled, cancelFailed <- refused

MatchesFit == Abs!MatchesFit
MatchedOnce == Abs!MatchedOnce
CancelExclusive == Abs!CancelExclusive
NoMatchLeft == Abs!NoMatchLeft
NonOvertaking == Abs!NonOvertaking
NonOvertakingStep == Abs!NonOvertakingStep   \* named for batches of traces (TraceBatch)
NonOvertakingVars == Abs!NonOvertakingVars
CallsTakeEffect == Abs!CallsTakeEffect
RefinesMpiMatching == Abs!Spec

(* The engine's own bookkeeping: every arrived message is unexpected or matched, not both, and only *)
(* arrived messages are. (A message lost from the queues is also a refinement violation: it leaves  *)
(* the promise's pending set without being received.)                                               *)
QueuedIds == {m.id : m \in QueuedMsgs}
MatchedIds == {p[2].id : p \in matched}
NoLoss == /\ arrived = QueuedIds \cup MatchedIds
          /\ QueuedIds \cap MatchedIds = {}

(* A reachability witness, expected violated: MPI orders no two senders, so a receive may take a     *)
(* message while another sender's message with a lower id, which the receive also fits, is still     *)
(* queued. A model whose arrivals were over-constrained (one send order for all senders, say) would  *)
(* never reach such a state, and would hide every bug that needs it.                                 *)
SendersOrdered == \A p \in matched : ~\E m2 \in QueuedMsgs : m2.id < p[2].id /\ Abs!Fits(p[1], m2)
=============================================================================
