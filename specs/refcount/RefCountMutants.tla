--------------------------- MODULE RefCountMutants ---------------------------
(***************************************************************************)
(* Named defects of the reference count, each replacing one operator of    *)
(* RefCount.tla (a model's `overrides`).                                   *)
(***************************************************************************)
EXTENDS RefCount

(* ReadThenWrite (the Java twins ReadThenWriteUseCount and                 *)
(* ReleaseUnderUseUseCount's race): the count is read, then written apart, *)
(* not compare-and-set: a write that lands on a word another thread        *)
(* changed since the read loses that thread's update. Two ends of use lose *)
(* one decrement (never released), and a use read before the free writes   *)
(* the word back unfreed (a freed handle used; the object used after its   *)
(* release).                                                               *)
BlindWrite(p) == TRUE

(* ReleaseOnReread: the release is decided by reading the shared word      *)
(* again after the update ("count--; if (count == 0)"), not from the value *)
(* the thread's own update produced: two threads both see "freed, no use". *)
DecisionRereads(p) == word = FreedIdle

(* FreeIgnoresUses: the user's free releases the object at once, whatever  *)
(* uses are pending (no reference count for the user's free).              *)
FreeReleasesAlways(w) == TRUE

(* FreeWaitsForUses: the free's CAS expects "no use, not freed"           *)
(* (compareAndSet(0, FREED)) and retries until it succeeds: MPI_Type_free *)
(* waits for the last pending use. A thread that frees the datatype of    *)
(* its own pending MPI_Isend before its MPI_Wait never returns.            *)
UnchangedFreeWaits(p) ==
    IF p = User THEN word = [uses |-> 0, freed |-> FALSE] ELSE word = reg[p]

(* ExclusiveUse: a use begins only while no other use is pending (a lock  *)
(* held through the use): two operations whose ends depend on each        *)
(* other's start (a message received after another's) never both begin.  *)
UseReadExclusive(o) ==
    /\ pc[o] = "idle"
    /\ word.uses = 0
    /\ reg' = [reg EXCEPT ![o] = word]
    /\ pc' = [pc EXCEPT ![o] = IF word.freed THEN "refused" ELSE "useCas"]
    /\ UNCHANGED <<word, releases>>

(* UseCountsTwice: the result of the use's CAS is ignored and the loop     *)
(* tries again after a success: every attempt counts one more use than    *)
(* there are operations.                                                  *)
UseCasIgnoresResult(o) ==
    /\ pc[o] = "useCas"
    /\ IF Unchanged(o)
       THEN word' = [uses |-> reg[o].uses + 1, freed |-> reg[o].freed]
       ELSE UNCHANGED word
    /\ pc' = [pc EXCEPT ![o] = "idle"]
    /\ UNCHANGED <<reg, releases>>

=============================================================================
