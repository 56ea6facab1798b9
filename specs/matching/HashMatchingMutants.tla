------------------------ MODULE HashMatchingMutants ------------------------
(***************************************************************************)
(* Spec mutants of HashMatching: each replaces one or two operators (a     *)
(* model's configuration says which, "Op <- Mutant"), and each is a defect *)
(* of the mode handshake that some property must catch (manifest.json      *)
(* names which).                                                           *)
(***************************************************************************)
EXTENDS HashMatching

(* The mode word set after the drain instead of before it (the Java's "volatile store BEFORE locking *)
(* any bucket" moved): an exact operation locks a bucket already drained, reads "fast" and puts its   *)
(* item into the table, where no wild-mode operation looks. Caught by NoMatchLeft.                    *)
EnterWildFlagLater(x) ==
    /\ pc[x] = "ctxlocked"
    /\ IsPost(x) /\ ~Exact(RecvOf(x))
    /\ linger' = Linger
    /\ IF wild
       THEN /\ pc' = [pc EXCEPT ![x] = "wildpost"]
            /\ UNCHANGED <<drainLeft, drained>>
       ELSE /\ drainLeft' = Buckets
            /\ drained' = {}
            /\ pc' = [pc EXCEPT ![x] = "draining"]
    /\ UNCHANGED <<tbl, blk, ctxLock, wild, clock, qPosted, qUnexp, backLeft, postOrder, matched>>
FinishDrainSetsFlag(x) ==
    /\ pc[x] = "draining"
    /\ drainLeft = {}
    /\ \E s \in InArrivalOrder(drained) : qUnexp' = qUnexp \o s
    /\ drained' = {}
    /\ wild' = TRUE
    /\ pc' = [pc EXCEPT ![x] = "wildpost"]
    /\ UNCHANGED <<tbl, blk, ctxLock, clock, qPosted, drainLeft, backLeft, linger, postOrder, matched>>

(* The mode word turned fast before the items are back in the table: a fast operation finds its key *)
(* empty, queues its item, and the items moved back later land behind it. Caught by OneKindPerKey.  *)
FlagBackEarly(x) ==
    \/ /\ pc[x] = "switchback"
       /\ wild
       /\ wild' = FALSE
       /\ UNCHANGED <<tbl, blk, ctxLock, clock, qPosted, qUnexp, drainLeft, drained, backLeft, linger, pc, postOrder, matched>>
    \/ /\ pc[x] = "switchback"
       /\ backLeft = {}
       /\ ~wild
       /\ ctxLock' = Free
       /\ pc' = [pc EXCEPT ![x] = "done"]
       /\ UNCHANGED <<tbl, blk, wild, clock, qPosted, qUnexp, drainLeft, drained, backLeft, linger, postOrder, matched>>

(* The switch back that does not look for posted wildcard receives: the context turns fast with a   *)
(* wildcard receive still in the posted queue. Caught by FastMeansTable.                            *)
NoWildcardsSeen(q) == FALSE

(* The drained envelopes not sorted by arrival number (bucket order instead): a wildcard receive can *)
(* take a sender's later message first. Caught by NonOvertaking.                                    *)
AnyOrder(S) == {s \in [1..Cardinality(S) -> S] : \A i, j \in DOMAIN s : i # j => s[i] # s[j]}

(* A fast operation that acts without reading the mode word: in wild mode its item lands in the     *)
(* table. Caught by WildMeansQueues.                                                                 *)
AlwaysFast == TRUE

(* A match on the fast path that leaves the FIFO's head in place: the item is matched again. Caught *)
(* by MatchedOnce.                                                                                    *)
KeepsHead(q) == q

(* The switch back that moves a key's receives but drops its unexpected envelopes: a message lost    *)
(* without being received, which no invariant here names. Caught by RefinesMpiMatching.              *)
MoveBackDropsEnvelopes(x, k) ==
    /\ pc[x] = "switchback"
    /\ k \in backLeft
    /\ blk[Bucket(k)] = Free
    /\ LET rs == SelectSeq(qPosted, LAMBDA r : KeyOf(r) = k) IN
       tbl' = [tbl EXCEPT ![k] = @ \o [j \in 1..Len(rs) |-> RItem(rs[j])]]
    /\ qPosted' = SelectSeq(qPosted, LAMBDA r : KeyOf(r) # k)
    /\ qUnexp' = SelectSeq(qUnexp, LAMBDA e : KeyOf(e.m) # k)
    /\ backLeft' = backLeft \ {k}
    /\ UNCHANGED <<blk, ctxLock, wild, clock, drainLeft, drained, linger, pc, postOrder, matched>>

(* The switch back that keeps the context lock: every later wild-mode operation waits forever.       *)
(* Caught by the deadlock check.                                                                     *)
FlagBackKeepsLock(x) ==
    /\ pc[x] = "switchback"
    /\ backLeft = {}
    /\ wild' = FALSE
    /\ pc' = [pc EXCEPT ![x] = "done"]
    /\ UNCHANGED <<tbl, blk, ctxLock, clock, qPosted, qUnexp, drainLeft, drained, backLeft, linger, postOrder, matched>>
=============================================================================
