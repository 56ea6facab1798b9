------------------------- MODULE MatchTableMutants -------------------------
(***************************************************************************)
(* Spec mutants of MatchTable: each definition replaces one operator of    *)
(* the spec (a model's configuration says which, "Op <- Mutant"), and each *)
(* is a defect that some property must catch (the manifest names which).   *)
(***************************************************************************)
EXTENDS MatchTable

(* The bucket lock removed: scan and store are no longer atomic together, *)
(* so the server and a receiver can both find a key empty and both store. *)
NoLockCanLock(n, b) == TRUE

(* Algorithm 4 without §3.1's flag: ThreadWait parks at once, and after    *)
(* the scheduler runs the thread again it goes on without a re-check;      *)
(* ThreadSignal only sets the thread's bit. Two signals before the first   *)
(* wait of a Waitall set the bit once: the second wait sleeps forever.     *)
ParkAtOnce(t) ==
    /\ pc[t] = "wait"
    /\ pc' = [pc EXCEPT ![t] = "park"]
    /\ event' = Ev(t, "ThreadWait " \o ShowKey(WaitKey(t)) \o ": park", {})
    /\ UNCHANGED <<tbl, blk, net, ix, wx, fslot, slot, got, posted, buf, cur, flag, waiter, bit, delivered>>
GoOnAfterWake == "werase"
BitOnlySignal(s) ==
    LET k == cur[s].key IN
    /\ pc[s] = "signal"
    /\ bit' = [bit EXCEPT ![Owner(k)] = TRUE]
    /\ pc' = [pc EXCEPT ![s] = "idle"]
    /\ event' = Ev(s, "ThreadSignal " \o Owner(k) \o ": set its bit", {Owner(k)})
    /\ UNCHANGED <<tbl, blk, net, ix, wx, fslot, slot, got, posted, buf, cur, flag, waiter, delivered>>

(* Algorithm 1's branch on insert's result gone: the receiver always      *)
(* takes its insert for a failure ("the packet is there") and returns.     *)
InsertAlwaysFailed(x) == IF x \in Servers THEN got[x] = ValueOf(x) ELSE FALSE

(* A FIN's missing payload (-1) copied into the buffer as if it were data. *)
FinCopiedAsData(k, d) == IF k[1] = 1 THEN buf ELSE [buf EXCEPT ![k[2]] = d]

(* Line 19 after the wait forgotten: the receive completes, but its matched entry (the packet, or  *)
(* the FIN) stays in the table. Caught by NothingLeft.                                              *)
EraseForgotten(t) ==
    LET j == NextPosted(t, wx[t] + 1, posted) IN
    /\ pc[t] = "werase"
    /\ wx' = [wx EXCEPT ![t] = IF j = 0 THEN @ ELSE j]
    /\ pc' = [pc EXCEPT ![t] = IF j = 0 THEN AfterWaits(t) ELSE "wait"]
    /\ event' = Ev(t, "(no empty of " \o ShowKey(WaitKey(t)) \o ")", {})
    /\ UNCHANGED <<tbl, blk, net, ix, fslot, slot, got, posted, buf, cur, flag, waiter, bit, delivered>>
(* The eager send does not move on after putting its packet on the wire,  *)
(* and puts it there again once the server took it: the second copy meets *)
(* the first, stored as unexpected, and the server takes the stored packet *)
(* for a posted receive: one message matched twice (MatchedAtMostOnce).     *)
SendEagerAgain(t) ==
    LET m == SenderMsg(t) IN
    /\ pc[t] = "send"
    /\ net' = [net EXCEPT !["rcv"] = @ \cup {PktV(DataKey(m), Data(m))}]
    /\ event' = Ev(t, "send-eager msg" \o ToString(m) \o " (again)", {Srv("rcv")})
    /\ UNCHANGED <<tbl, blk, pc, ix, wx, fslot, slot, got, posted, buf, cur, flag, waiter, bit, delivered>>
=============================================================================
