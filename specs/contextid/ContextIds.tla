------------------------------ MODULE ContextIds ------------------------------
(***************************************************************************)
(* What every context-id algorithm of Gropp & Thakur 2007, §5 shares: the  *)
(* processes and their masks of free ids, the communicator-creating calls  *)
(* and their threads, the allreduce as messages, freeing, and the          *)
(* properties. One module per algorithm EXTENDS this one:                  *)
(*   MultithreadedFig3  Fig. 3 with (parent, tag) keys, the ownership word *)
(*                      and an eager first round: what the core runs       *)
(*   PublishedFig3      Fig. 3 exactly as printed                          *)
(*   SingleLock         §5.1's algorithm with the lock held across the     *)
(*                      allreduce                                          *)
(*   NaiveRetry         §5.2's naive retry                                 *)
(*                                                                         *)
(* Processes Procs are the ranks 1..N of the parent communicator. A call c *)
(* has members Members[c], an input context id Parent[c] and a tag Tag[c]  *)
(* (-1 for dup/split/create, >= 0 for MPI-3 createGroup, where several     *)
(* groups may be created from one parent at once). Every member runs one   *)
(* calling thread per call, named "p<p>/<c>" (a string: TLC 2.18's         *)
(* simulator cannot check liveness over functions indexed by tuples,       *)
(* tlaplus/tlaplus#164). Before[c] is the set of calls that, on every      *)
(* process they share with c, the same thread runs before c (MPI-3         *)
(* createGroup lets one thread do that on overlapping groups).             *)
(*                                                                         *)
(* Ids. As in the Java (MaskContextIdAllocator), process p's allocator has *)
(* a capacity Capacity[p]: ids 2..Capacity[p]-1 are free at start (0 and 1 *)
(* are reserved for the predefined communicators).                         *)
(*                                                                         *)
(* The allreduce. Each round, a member sends its word (a mask of ids and   *)
(* the "I own the mask" bit) to every other member and then receives one   *)
(* word from each of them; it ANDs the words it has. A message travels on  *)
(* the parent's collective context Parent[c] with the call's tag and names *)
(* its sender by Addr(c, p): the sender's rank in the parent, as in the    *)
(* Java (EndpointChannel) and MPICH. A receive takes the earliest message  *)
(* of its process's inbox whose envelope (context, source, tag) matches    *)
(* (MPI's non-overtaking rule), so consecutive rounds of one call cannot   *)
(* mix, and calls with different envelopes cannot either. Receiving every *)
(* peer's word is one step: the allreduce returns to a member once every   *)
(* member has sent, and the members return one by one.                     *)
(*                                                                         *)
(* Each critical section under a process's mutex is one atomic step (only  *)
(* SingleLock holds the mutex across a blocking call, so only it has the   *)
(* mutex as a variable).                                                   *)
(***************************************************************************)
EXTENDS Integers, FiniteSets, Sequences, TLC

CONSTANTS
    Procs,      \* the processes: ranks 1..N of the parent communicator
    Calls,      \* communicator-creating calls (strings)
    Members,    \* [Calls -> SUBSET Procs]
    Parent,     \* [Calls -> Nat]   the input communicator's context id
    Tag,        \* [Calls -> -1..98]
    Capacity,   \* [Procs -> Nat]   ids 2..Capacity[p]-1 are free on p at start
    AllowFree,  \* BOOLEAN          may a thread free its new communicator (ids are reused)?
    Before      \* [Calls -> SUBSET Calls]  run earlier by the same thread

ASSUME Procs = 1..Cardinality(Procs)
ASSUME \A c \in Calls : Members[c] \subseteq Procs /\ Members[c] # {} /\ Tag[c] \in -1..98
ASSUME \A p \in Procs : Capacity[p] \in 3..1024

FirstId == 2
Max(S) == CHOOSE x \in S : \A y \in S : x >= y
Min(S) == CHOOSE x \in S : \A y \in S : x <= y
Ids == FirstId..(Max({Capacity[p] : p \in Procs}) - 1)
InitMask == [p \in Procs |-> FirstId..(Capacity[p] - 1)]

Th(p, c) == "p" \o ToString(p) \o "/" \o c
Threads == UNION {{Th(p, c) : p \in Members[c]} : c \in Calls}
Pr == [t \in Threads |-> CHOOSE p \in Procs : \E c \in Calls : t = Th(p, c)]
Cl == [t \in Threads |-> CHOOSE c \in Calls : \E p \in Procs : t = Th(p, c)]
Peers(t) == Members[Cl[t]] \ {Pr[t]}
PeerThreads(t) == {Th(q, Cl[t]) : q \in Peers(t)}   \* for the traces' message arrows

(* The address a call's messages carry for member p: its rank in the parent. *)
Addr(c, p) == p

(* A word of the allreduce, and the "nothing offered yet" value. *)
Word(m, o) == [m |-> m, o |-> o]
NoWord == [m |-> {}, o |-> FALSE, none |-> TRUE]
Words == [m : SUBSET Ids, o : BOOLEAN]
Msgs == [ctx : {Parent[c] : c \in Calls}, src : 0..Cardinality(Procs), tag : -1..98,
         m : SUBSET Ids, o : BOOLEAN]

EndPcs == {"done", "failed", "freed"}

VARIABLES
    mask,    \* [Procs -> SUBSET Ids]     the free ids (bit set = free)
    pc,      \* [Threads -> label]
    newId,   \* [Threads -> Ids \cup {0}] the id a thread returned with
    inbox,   \* [Procs -> Seq(Msgs)]      collective messages that arrived, in order
    offer,   \* [Calls -> [Procs -> word]] the word each member sent in its latest round
    event    \* history variable for readable traces: who did what (no action reads it)

commonVars == <<mask, pc, newId, inbox, offer, event>>

Finished(t) == pc[t] \in EndPcs

Ev(who, what, peers) == [who |-> who, what |-> what, peers |-> peers]

CommonInit(firstPc) ==
    /\ mask = InitMask
    /\ pc = [t \in Threads |-> firstPc]
    /\ newId = [t \in Threads |-> 0]
    /\ inbox = [p \in Procs |-> <<>>]
    /\ offer = [c \in Calls |-> [p \in Procs |-> NoWord]]
    /\ event = Ev("", "init", {})

(* Thread t may start: its process has returned from every earlier call of t's thread. *)
Ready(t) == \A c2 \in Before[Cl[t]] : Pr[t] \in Members[c2] => Finished(Th(Pr[t], c2))

(* t sends its word w of this round to every other member (and remembers it). *)
Send(t, w) ==
    LET c == Cl[t]  p == Pr[t]
        msg == [ctx |-> Parent[c], src |-> Addr(c, p), tag |-> Tag[c], m |-> w.m, o |-> w.o]
    IN /\ inbox' = [q \in Procs |-> IF q \in Peers(t) THEN Append(inbox[q], msg) ELSE inbox[q]]
       /\ offer' = [offer EXCEPT ![c][p] = w]

Matches(msg, c, q) == msg.ctx = Parent[c] /\ msg.src = Addr(c, q) /\ msg.tag = Tag[c]
(* Index in p's inbox of the earliest message of call c from member q (0 if none). *)
FirstFrom(p, c, q) ==
    LET is == {i \in 1..Len(inbox[p]) : Matches(inbox[p][i], c, q)}
    IN IF is = {} THEN 0 ELSE Min(is)
(* The allreduce can return to t: a word from every peer is there. *)
CanReceive(t) == \A q \in Peers(t) : FirstFrom(Pr[t], Cl[t], q) # 0
Taken(t) == {FirstFrom(Pr[t], Cl[t], q) : q \in Peers(t)} \ {0}
(* The AND of t's own word and the words it receives. *)
Result(t) ==
    LET got == {inbox[Pr[t]][i] : i \in Taken(t)}
        own == offer[Cl[t]][Pr[t]]
    IN Word({i \in own.m : \A g \in got : i \in g.m}, own.o /\ \A g \in got : g.o)

RECURSIVE Drop(_, _)
Drop(s, is) == IF s = <<>> THEN <<>>
               ELSE (IF 1 \in is THEN <<>> ELSE <<Head(s)>>) \o Drop(Tail(s), {i - 1 : i \in is \ {1}})
(* t takes its peers' words out of its process's inbox. *)
Receive(t) == inbox' = [inbox EXCEPT ![Pr[t]] = Drop(@, Taken(t))]

(* Both in one step: the allreduce returns, and the next one's word goes out. *)
ReceiveThenSend(t, w) ==
    LET c == Cl[t]  p == Pr[t]
        msg == [ctx |-> Parent[c], src |-> Addr(c, p), tag |-> Tag[c], m |-> w.m, o |-> w.o]
    IN /\ inbox' = [q \in Procs |-> IF q = p THEN Drop(inbox[q], Taken(t))
                                   ELSE IF q \in Peers(t) THEN Append(inbox[q], msg) ELSE inbox[q]]
       /\ offer' = [offer EXCEPT ![c][p] = w]

(* The id a thread takes from the AND of the masks: the lowest set bit. *)
PickId(p, and) == Min(and)
(* Taking an id: it is no longer free on p. *)
TakeId(p, id) == mask' = [mask EXCEPT ![p] = @ \ {id}]

(* A finished thread frees its communicator: the id is free again on its process. *)
FreeStep(t) ==
    /\ AllowFree
    /\ pc[t] = "done"
    /\ mask' = [mask EXCEPT ![Pr[t]] = @ \cup {newId[t]}]
    /\ pc' = [pc EXCEPT ![t] = "freed"]
    /\ event' = Ev(t, "frees id " \o ToString(newId[t]), {})
    /\ UNCHANGED <<newId, inbox, offer>>

(* Every thread has returned (and freed, where it may): the system stutters, not a deadlock. *)
AllReturned == \A t \in Threads : pc[t] \in {"failed", "freed"} \/ (pc[t] = "done" /\ ~AllowFree)

CommonTypeOK(pcs) ==
    /\ mask \in [Procs -> SUBSET Ids]
    /\ pc \in [Threads -> pcs \cup EndPcs]
    /\ newId \in [Threads -> Ids \cup {0}]
    /\ \A p \in Procs : inbox[p] \in [1..Len(inbox[p]) -> Msgs]
    /\ offer \in [Calls -> [Procs -> Words \cup {NoWord}]]
    /\ event \in [who : STRING, what : STRING, peers : SUBSET STRING]

-----------------------------------------------------------------------------
(* The refinement mapping onto ContextIdPromise, the part every algorithm  *)
(* shares: a thread has entered its call once it has sent a word, and      *)
(* returned at an end pc; a call's outcome is the id its first returned   *)
(* member took, or ERR_OTHER once a member failed; a thread returned the   *)
(* id newId. What a member looked at (its offered mask, in the rounds that  *)
(* can fail) and what its call sets aside differ per algorithm: each       *)
(* algorithm module instances ContextIdPromise with these and its own look *)
(* and aside, and checks RefinesContextIdPromise, the promise's Spec.     *)
(* (TLC cannot check a temporal formula of a parameterized instance, so    *)
(* each algorithm module writes its INSTANCE out.)                         *)
MemberThreads(c) == {t \in Threads : Cl[t] = c}
AbsSt == [t \in Threads |-> IF pc[t] \in EndPcs THEN pc[t]
                            ELSE IF offer[Cl[t]][Pr[t]] = NoWord THEN "idle" ELSE "in"]
AbsDec == [c \in Calls |->
              LET took == {t \in MemberThreads(c) : pc[t] \in {"done", "freed"}}
              IN  IF took # {} THEN newId[CHOOSE t \in took : TRUE]
                  ELSE IF \E t \in MemberThreads(c) : pc[t] = "failed" THEN -1 ELSE 0]
PriorOf == [t \in Threads |-> {Th(Pr[t], d) : d \in {e \in Before[Cl[t]] : Pr[t] \in Members[e]}}]

(* The promise's invariants over the mapping (their definitions are in     *)
(* ContextIdPromise, and need neither looks nor asides): the members of a  *)
(* call agree on its id or all fail; no process holds one id for two live  *)
(* communicators.                                                          *)
Promised == INSTANCE ContextIdPromise
    WITH st <- AbsSt, dec <- AbsDec, ret <- newId, look <- [t \in Threads |-> Ids],
         aside <- [t \in Threads |-> {}], AsideMax <- 0, Prior <- PriorOf, Issued <- [t \in Threads |-> {}]
Agreement == Promised!Agreement
UniqueLive == Promised!UniqueLive

(* The allreduce's messages do not pile up: a member is at most one round  *)
(* ahead of a peer (it needs the peer's word of a round to end that round),*)
(* so an inbox holds at most two words with one envelope (two calls of one *)
(* thread on one parent share an envelope, and the later one starts only   *)
(* after the earlier one's last word was taken). A message that is never   *)
(* received, or received twice, breaks this before it breaks anything else *)
(* (and would otherwise make the state space infinite).                    *)
OneRoundAhead ==
    \A p \in Procs : \A i \in 1..Len(inbox[p]) :
        Cardinality({j \in 1..Len(inbox[p]) : /\ inbox[p][j].ctx = inbox[p][i].ctx
                                              /\ inbox[p][j].src = inbox[p][i].src
                                              /\ inbox[p][j].tag = inbox[p][i].tag}) <= 2

(* Ids suffice for call c: its members have, at start, at least as many    *)
(* common free ids outside Uncounted as there are calls. Every other call  *)
(* holds at most one of them at any time, so every round's AND of owned    *)
(* masks keeps one: c can never run out.                                   *)
Suffice(c, Uncounted) ==
    Cardinality({i \in Ids \ Uncounted : \A p \in Members[c] : i \in InitMask[p]}) >= Cardinality(Calls)
(* No thread fails ("out of context ids") where ids suffice. *)
NoFailureWhereIdsSuffice(Uncounted) == \A t \in Threads : pc[t] = "failed" => ~Suffice(Cl[t], Uncounted)

(* ERR_OTHER is reported only when every member owned its mask in that     *)
(* round and the AND of the masks offered was empty (the offers as the     *)
(* members sent them, not as the failing thread computed their AND).       *)
Exhausted(c) == /\ \A q \in Members[c] : offer[c][q].o
                /\ \A i \in Ids : \E q \in Members[c] : i \notin offer[c][q].m
(* Step and subscript named so that a batch of traces in one TLC run checks each trace on its own steps. *)
ErrOtherOnlyWhenExhaustedStep == \A t \in Threads : (pc[t] # "failed" /\ pc'[t] = "failed") => Exhausted(Cl[t])
ErrOtherOnlyWhenExhaustedVars == <<pc, offer>>
ErrOtherOnlyWhenExhausted == [][ErrOtherOnlyWhenExhaustedStep]_ErrOtherOnlyWhenExhaustedVars

(* Reachability probe (a model expects it violated): some thread reports   *)
(* ERR_OTHER, so ErrOtherOnlyWhenExhausted is not checked vacuously there.  *)
NoThreadFails == \A t \in Threads : pc[t] # "failed"

(* Every thread eventually returns (with an id or with ERR_OTHER). Written *)
(* as one <> over all threads, which TLC checks as one tableau branch       *)
(* instead of one per thread; it equals \A t : <>Finished(t) because a     *)
(* finished thread stays finished.                                          *)
Termination == <>(\A t \in Threads : Finished(t))
=============================================================================
