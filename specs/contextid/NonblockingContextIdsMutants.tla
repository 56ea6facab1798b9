---------------------- MODULE NonblockingContextIdsMutants ----------------------
(***************************************************************************)
(* Known-bad designs of nonblocking context-id allocation: each definition *)
(* replaces one operator of NonblockingContextIds (a model's configuration *)
(* says which, "Op <- Mutant"), and the manifest names the property TLC    *)
(* must find violated. MultithreadedFig3's own mutants apply too.          *)
(***************************************************************************)
EXTENDS NonblockingContextIds, MultithreadedFig3Mutants

(* An idup that takes the mask whenever nobody holds it, without Fig. 3's  *)
(* priority rule (it neither defers to a lower waiting key nor lowers      *)
(* lowest): an idup and a blocking call over the same processes can own    *)
(* the mask on different members in every round and retry forever.         *)
NoPriorityMayOwn(p, k) == ~inUse[p]
NoPriorityLowers(p, k) == FALSE

(* An idup ordered in a list of its own (MPICH's next_gcn without the      *)
(* shared mask_in_use): it defers to lower keys but not to a mask in use,  *)
(* so it offers the mask while a blocking call owns it, and both take the  *)
(* same id.                                                                *)
PerParentMayOwn(p, k) == k <= lowest[p]

(* No progress from inside blocking calls: only MPI_Wait on an idup polls. *)
(* A thread blocked in a dup whose peer waits on an idup that needs this   *)
(* process's progress blocks forever.                                      *)
WaitOnlyPolled(p) == \E u \in Threads : Pr[u] = p /\ WaitingOn(u)

(* The naive exhaustion rule of Fig. 3 as printed, for idups: an empty AND *)
(* means retry, also when every member owned its mask.                     *)
RetryOnEmptyAnd(w) == FALSE

(* A thread's idup counts as returned once issued, also after the thread   *)
(* has reached its wait on it: the thread runs its next call while it is   *)
(* still waiting (NbRefinesContextIdPromise's program order).              *)
ReturnedIgnoresWait(p, d) == IF d \in Nonblocking THEN Started(Th(p, d)) ELSE Finished(Th(p, d))
=============================================================================
