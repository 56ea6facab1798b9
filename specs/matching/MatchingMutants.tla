-------------------------- MODULE MatchingMutants --------------------------
(***************************************************************************)
(* Spec mutants of Matching: each definition replaces one rule of the     *)
(* spec (a model's configuration says which, "Op <- Mutant"), and each is *)
(* a defect that some property must catch (manifest.json names which).    *)
(***************************************************************************)
EXTENDS Matching

(* The latest matching receive or message, instead of the earliest. *)
RECURSIVE LastFrom(_, _, _, _)
LastFrom(q, x, k, recvQueue) ==
    IF k < 1 THEN 0
    ELSE IF (IF recvQueue THEN Matches(q[k], x) ELSE Matches(x, q[k])) THEN k
    ELSE LastFrom(q, x, k - 1, recvQueue)

(* A receive (a wildcard, say, after a switch that lost the arrival order) takes the latest matching *)
(* unexpected message: a later message of a sender overtakes an earlier one. Caught by NonOvertaking. *)
LatestMsg(r) == LastFrom(unexp[r.ctx], r, Len(unexp[r.ctx]), FALSE)

(* An arrival takes the latest-posted matching receive. Caught by NonOvertaking. *)
LatestRecv(m) == LastFrom(posted[m.ctx], m, Len(posted[m.ctx]), TRUE)

(* An arrival queues without looking at the posted receives (the effect of a check-then-act arrival  *)
(* that lost its lock between the scan and the enqueue). Caught by NoMatchLeft.                     *)
SkipsPosted(m) == 0

(* A receive takes a message but leaves it in the unexpected queue: a second receive takes it again. *)
(* Caught by MatchedOnce and by NoLoss.                                                              *)
KeepsTaken(q, i) == q

(* The source test forgotten: a receive from source 0 takes a message of source 1 (a false match:    *)
(* nothing is left pending, so NoMatchLeft and NonOvertaking cannot see it). Caught by MatchesFit.   *)
SourceIgnored(r, m) == /\ r.ctx = m.ctx
                       /\ r.tag \in {AnyTag, m.tag}

(* MPI_ANY_SOURCE compared as a literal source: a wildcard receive waits beside a message it fits.   *)
(* Caught by NoMatchLeft.                                                                            *)
WildcardIgnored(r, m) == /\ r.ctx = m.ctx
                         /\ r.src = m.src
                         /\ r.tag \in {AnyTag, m.tag}

(* MPI_Cancel that ignores what the engine's remove returned: a receive already matched completes as *)
(* cancelled too. Caught by CancelExclusive.                                                          *)
RemoveAlwaysTrue(r) == TRUE

(* Posting at the head of the posted queue (LIFO): a later receive overtakes an earlier one. The     *)
(* posted queue is what the refinement maps to the receives waiting in posting order, so the          *)
(* refinement catches it at the second post, before any message shows it. Caught by                   *)
(* RefinesMpiMatching.                                                                                 *)
PostedFirst(q, r) == <<r>> \o q

(* A reorder buffer that holds an arrival back until every other message of its sender on the        *)
(* communicator has arrived, instead of the earlier ones (a sequence number compared with # for <):  *)
(* a sender's messages wait for each other and none arrives. No state is wrong, every invariant      *)
(* holds; the arrivals just never happen. Caught by CallsTakeEffect, under fairness.                 *)
WaitsForEveryOther(m) == \A m2 \in Msgs : (m2.ctx = m.ctx /\ m2.src = m.src /\ m2.id # m.id) => m2.id \in arrived
=============================================================================
