------------------------------ MODULE RefCount ------------------------------
(***************************************************************************)
(* The reference count of an MPI object the user may free while pending    *)
(* operations still use it (Gropp & Thakur 2007, §4.1 and the "Update Ref" *)
(* class of §3): a derived datatype or a user-defined reduction operation. *)
(* Refined by org.mpiverify.core.handle.UseCount (behind                   *)
(* org.mpiverify.mpi.DerivedDatatype and org.mpiverify.mpi.UserOp).        *)
(*                                                                         *)
(* One word holds the pending uses and the user's freed mark. Each         *)
(* operation o in Ops takes a use (tryUse: read the word; refused if it is *)
(* freed; else CAS uses+1), uses the object, and drops the use (endUse:    *)
(* read, CAS uses-1). The user frees once (read, CAS freed := TRUE). The   *)
(* thread whose own CAS produced "freed, no use" releases the object, in a *)
(* step of its own after the CAS (the Java runs the release action after   *)
(* compareAndSet returns). A failed CAS (the word changed since the read)  *)
(* goes back to the read.                                                  *)
(*                                                                         *)
(* The user's program (EndsAfter, FreeAfter): o's use ends only once     *)
(* each process p in EndsAfter[o] has had its answer (an operation: its   *)
(* use began or was refused; the user: its free returned), and the free   *)
(* begins only once each operation in FreeAfter has returned. A thread    *)
(* that runs MPI_Isend(dt) (o2), MPI_Send(dt) (o1), MPI_Type_free(dt) and *)
(* MPI_Wait(o2): o1 ends after o2 began, the free follows o1's return,    *)
(* o2 ends after the free returned.                                       *)
(*                                                                         *)
(* The promise (what MPI and the paper guarantee the user):                *)
(*  - NoReleaseInUse: an object a pending operation uses is never released;*)
(*  - ReleasedAtMostOnce, ReleasedWhenIdle, ReleasedAfterLastUse: it is    *)
(*    released exactly once, after the user's free and the last use;       *)
(*  - FreedNeverUsable: no use starts after the user's free (an action     *)
(*    property over the calls, no ghost);                                  *)
(*  - CallsReturn, and no deadlock: every use and the free return; the     *)
(*    free does not wait for pending operations ("any communication that  *)
(*    is currently using this datatype will complete normally", MPI-3.1    *)
(*    §4.1.9) and a use does not wait for another.                         *)
(*  - TypeOK: no more uses are counted than there are operations.         *)
(* The operators Unchanged, Decision, FreeReleases, UseRead and UseCas are *)
(* the ones the mutants of RefCountMutants.tla replace.                    *)
(***************************************************************************)
EXTENDS Naturals, FiniteSets

CONSTANTS Ops, User, EndsAfter, FreeAfter

Procs == Ops \cup {User}
Word == [uses : 0..Cardinality(Ops), freed : BOOLEAN]
FreedIdle == [uses |-> 0, freed |-> TRUE]

VARIABLES
    word,       \* the shared word: pending uses and the freed mark
    pc,         \* each process's step
    reg,        \* each process's copy of the word: what it read, then what its CAS wrote
    releases    \* how many times the object was released

vars == <<word, pc, reg, releases>>


(* Operation steps: idle -> useCas -> using -> endCas -> decide -> (releasing ->) done; or refused. *)
(* User steps: live -> freeCas -> decide -> (releasing ->) done.                                     *)
Holding == {"using", "endCas"}

\* p has had its call's answer: a use began or was refused; the free returned.
Answered(p) == IF p = User THEN pc[p] \in {"done", "refused"} ELSE pc[p] \notin {"idle", "useCas"}

\* The CAS succeeds: the word is still what the process read.
Unchanged(p) == word = reg[p]

\* After its own CAS, a process releases iff the value its CAS wrote is "freed, no use".
FreeReleases(w) == w.uses = 0
Decision(p) == IF p = User THEN FreeReleases(reg[p]) ELSE reg[p] = FreedIdle

Init ==
    /\ word = [uses |-> 0, freed |-> FALSE]
    /\ pc = [p \in Procs |-> IF p = User THEN "live" ELSE "idle"]
    /\ reg = [p \in Procs |-> [uses |-> 0, freed |-> FALSE]]
    /\ releases = 0

UseRead(o) ==
    /\ pc[o] = "idle"
    /\ reg' = [reg EXCEPT ![o] = word]
    /\ pc' = [pc EXCEPT ![o] = IF word.freed THEN "refused" ELSE "useCas"]
    /\ UNCHANGED <<word, releases>>

UseCas(o) ==
    /\ pc[o] = "useCas"
    /\ IF Unchanged(o)
       THEN /\ word' = [uses |-> reg[o].uses + 1, freed |-> reg[o].freed]
            /\ pc' = [pc EXCEPT ![o] = "using"]
       ELSE /\ pc' = [pc EXCEPT ![o] = "idle"]
            /\ UNCHANGED word
    /\ UNCHANGED <<reg, releases>>

EndRead(o) ==
    /\ pc[o] = "using"
    /\ \A p \in EndsAfter[o] : Answered(p)
    /\ reg' = [reg EXCEPT ![o] = word]
    /\ pc' = [pc EXCEPT ![o] = "endCas"]
    /\ UNCHANGED <<word, releases>>

EndCas(o) ==
    /\ pc[o] = "endCas"
    /\ IF Unchanged(o)
       THEN LET w == [uses |-> reg[o].uses - 1, freed |-> reg[o].freed]
            IN /\ word' = w
               /\ reg' = [reg EXCEPT ![o] = w]
               /\ pc' = [pc EXCEPT ![o] = "decide"]
       ELSE /\ pc' = [pc EXCEPT ![o] = "using"]
            /\ UNCHANGED <<word, reg>>
    /\ UNCHANGED releases

FreeRead ==
    /\ pc[User] = "live"
    /\ \A o \in FreeAfter : pc[o] \in {"done", "refused"}
    /\ reg' = [reg EXCEPT ![User] = word]
    /\ pc' = [pc EXCEPT ![User] = IF word.freed THEN "refused" ELSE "freeCas"]
    /\ UNCHANGED <<word, releases>>

FreeCas ==
    /\ pc[User] = "freeCas"
    /\ IF Unchanged(User)
       THEN LET w == [uses |-> reg[User].uses, freed |-> TRUE]
            IN /\ word' = w
               /\ reg' = [reg EXCEPT ![User] = w]
               /\ pc' = [pc EXCEPT ![User] = "decide"]
       ELSE /\ pc' = [pc EXCEPT ![User] = "live"]
            /\ UNCHANGED <<word, reg>>
    /\ UNCHANGED releases

Decide(p) ==
    /\ pc[p] = "decide"
    /\ pc' = [pc EXCEPT ![p] = IF Decision(p) THEN "releasing" ELSE "done"]
    /\ UNCHANGED <<word, reg, releases>>

Release(p) ==
    /\ pc[p] = "releasing"
    /\ releases' = releases + 1
    /\ pc' = [pc EXCEPT ![p] = "done"]
    /\ UNCHANGED <<word, reg>>

AllFinished == \A p \in Procs : pc[p] \in {"done", "refused"}

\* Every call has returned: the behaviour ends (not a deadlock).
Terminated == AllFinished /\ UNCHANGED vars

Next ==
    \/ \E o \in Ops : UseRead(o) \/ UseCas(o) \/ EndRead(o) \/ EndCas(o)
    \/ FreeRead \/ FreeCas
    \/ \E p \in Procs : Decide(p) \/ Release(p)
    \/ Terminated

Fairness == \A p \in Procs :
    WF_vars(UseRead(p) \/ UseCas(p) \/ EndRead(p) \/ EndCas(p) \/ Decide(p) \/ Release(p)
            \/ (p = User /\ (FreeRead \/ FreeCas)))

Spec == Init /\ [][Next]_vars /\ Fairness

(* ------------------------------ the promise ------------------------------ *)

TypeOK ==
    /\ word \in Word
    /\ releases \in 0..Cardinality(Procs)

\* An operation holding a use never finds the object released.
NoReleaseInUse == \A o \in Ops : pc[o] \in Holding => releases = 0

\* Released at most once ...
ReleasedAtMostOnce == releases <= 1

\* ... and, once every operation and the user's free are done, exactly once.
ReleasedWhenIdle == AllFinished => releases = 1

\* A freed handle is never usable: no use starts once the user's free has taken effect (its CAS).
FreedNeverUsable ==
    [][\A o \in Ops : (pc[o] = "useCas" /\ pc'[o] = "using") => pc[User] \in {"live", "freeCas"}]_vars

\* The object is eventually released (the user frees it and every use ends).
ReleasedAfterLastUse == <>(releases = 1)

\* Every use and the free return (the free does not wait for pending uses, a use not for another).
CallsReturn == <>AllFinished

=============================================================================
