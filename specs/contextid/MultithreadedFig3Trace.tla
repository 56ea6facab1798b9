------------------------ MODULE MultithreadedFig3Trace ------------------------
(***************************************************************************)
(* Trace validation (Cirstea, Kuppe, Loillier, Merz, Ricketts 2024) of     *)
(* org.mpiverify.core.contextid.MultithreadedContextIdAllocator against    *)
(* MultithreadedFig3, the spec itself (EXTENDS, not a copy): TLC looks for *)
(* a behavior of the spec that takes the recorded steps one by one, and    *)
(* checks the spec's invariants in every state on the way.                 *)
(*                                                                         *)
(* The allocator records one event per step the spec has an action for,   *)
(* stamped inside the critical section that decides it (the allocator's   *)
(* lock; for a thread that owns nothing, the return of its allreduce):     *)
(*   EnterEager  the first round's offer        EnterEager                 *)
(*   FinishEager the first round's end          FinishEager                *)
(*   Enter       a Fig. 3 round's offer         Enter                      *)
(*   FinishRound a Fig. 3 round's end           FinishRound                *)
(*   Free        an id returned to the mask     Free                       *)
(* Each event names its thread t = Th(p, c) (process and call), and        *)
(* carries what the implementation saw and did; the step must produce      *)
(* exactly that: the word offered, the AND received, the lowest key, the   *)
(* id taken, the next pc. No step is silent: the spec's steps and the      *)
(* allocator's critical sections are the same, so every spec step has an   *)
(* event and the behavior is determined by the trace.                      *)
(*                                                                         *)
(* The trace is data: Trace is bound to TraceLog(file), read by Java     *)
(* (TraceLogOperator), and the whole trace is one TLC run. Calls are      *)
(* slots: the translator (ContextIdTraces) gives a call a slot of its     *)
(* signature (members, parent, tag) that no call in progress holds, and   *)
(* the first event of a call that takes a slot an earlier call used       *)
(* carries fresh |-> TRUE. Before that event a Restart step checks that   *)
(* the earlier call is over (every member's thread failed or freed) and   *)
(* puts the slot's threads back at their first pc, with no id and no      *)
(* word offered: the spec's state for a new call. The rest of the state   *)
(* (masks, inboxes, mask_in_use, lowestContextId, the eager segments)     *)
(* stays. So the state holds the calls that can exist at once, not every  *)
(* call of the trace, and TLC's time per event does not grow with it.     *)
(* What a restart drops is a call that is over: its messages have all    *)
(* been received (a member ends only after its last round's receive),     *)
(* its ids are free again or were never taken, and lowestContextId no     *)
(* longer names its key for its sake (its owner reset it, and the key is  *)
(* its slot's, which the next call shares). Agreement and UniqueLive were *)
(* checked over its whole life, in every state up to the restart; the     *)
(* action property is checked on every step but the restart (which makes  *)
(* no thread fail). NoSpuriousFailure counts Cardinality(Calls), the      *)
(* slots: at least the calls that exist at once, which is what its        *)
(* argument needs (a call holds at most one id at a time). A run may also *)
(* start in Start (FromInit = FALSE), a state printed by an earlier run.  *)
(* Slots and their threads are numbers (ContextIdSlotThreads: TLC looks    *)
(* a thread up by an integer), and the history variable event stays one   *)
(* constant value.                                                         *)
(*                                                                         *)
(* Each event determines its step (every action is a function of the      *)
(* state and its thread, and the event names the thread and the action),  *)
(* so a state has at most one successor and is determined by l and r:     *)
(* TLC is given VIEW TraceView (<<l, r>>), which fingerprints two numbers  *)
(* instead of the whole state. A successor a VIEW merges with a state seen *)
(* before would be a second behaviour to the same event, which no action  *)
(* here makes; an ACCEPTED trace is accepted by the behaviour TLC took,   *)
(* whose every state it checked.                                           *)
(*                                                                         *)
(* TLC is run with INIT TraceInit, NEXT TraceNext, the spec's invariants,  *)
(* the action property ErrOtherOnlyWhenExhausted, and the constraints      *)
(* TraceProgress (prints each new furthest event) and TraceStop (prints    *)
(* the state at StopAt and ends the run). The trace is ACCEPTED iff TLC   *)
(* reaches l = Len(Trace) + 1; otherwise the first event the spec could    *)
(* not take is the furthest l printed.                                     *)
(***************************************************************************)
EXTENDS MultithreadedFig3, ContextIdSlotThreads

CONSTANTS
    Trace,      \* Seq of events, in the recorded global order
    FromInit,   \* TRUE: the window starts in Init; FALSE: in Start
    Start,      \* [mask, pc, newId, inbox, offer, inUse, lowest, eagerInUse, ownE, claimAll]: where the window starts
    StopAt,     \* print the state when event StopAt is next, and stop (Len(Trace) + 1: the whole trace)
    Rebase      \* the checker's history window; not needed here (no history grows: slots restart)

VARIABLES
    l,          \* the next event: events 1 .. l-1 have been taken
    r           \* the event before which a slot was last restarted (0: none)

E == Trace[l]

(* The state printed at StopAt: every variable but the history variable event. *)
StateRecord == [mask |-> mask, pc |-> pc, newId |-> newId, inbox |-> inbox, offer |-> offer, inUse |-> inUse,
                lowest |-> lowest, eagerInUse |-> eagerInUse, ownE |-> ownE, claimAll |-> claimAll]

TraceInit ==
    /\ l = 1
    /\ r = 0
    /\ TLCSet(1, 0)
    /\ IF FromInit THEN Init
       ELSE /\ mask = Start.mask
            /\ pc = [t \in Threads |-> IF t \in DOMAIN Start.pc THEN Start.pc[t] ELSE FirstPc]
            /\ newId = [t \in Threads |-> IF t \in DOMAIN Start.newId THEN Start.newId[t] ELSE 0]
            /\ inbox = Start.inbox
            /\ offer = [c \in Calls |-> IF c \in DOMAIN Start.offer THEN Start.offer[c] ELSE [p \in Procs |-> NoWord]]
            /\ inUse = Start.inUse
            /\ lowest = Start.lowest
            /\ eagerInUse = Start.eagerInUse
            /\ ownE = [t \in Threads |-> IF t \in DOMAIN Start.ownE THEN Start.ownE[t] ELSE {}]
            /\ claimAll = [t \in Threads |-> IF t \in DOMAIN Start.claimAll THEN Start.claimAll[t] ELSE FALSE]
            /\ event = Ev("", "window start", {})

(* The word t sent in the step just taken. *)
Offered(t) == offer'[Cl[t]][Pr[t]]

TakeEvent ==
    CASE E.k = "EnterEager" ->
              /\ EnterEager(E.t)
              /\ Offered(E.t) = Word(E.m, E.own)
      [] E.k = "FinishEager" ->
              /\ Result(E.t) = Word(E.and, E.all)
              /\ FinishEager(E.t)
              /\ pc'[E.t] = E.pc
              /\ newId'[E.t] = E.id
      [] E.k = "Enter" ->
              /\ Enter(E.t)
              /\ Offered(E.t) = Word(E.m, E.own)
              /\ lowest'[Pr[E.t]] = E.low
      [] E.k = "FinishRound" ->
              /\ Result(E.t) = Word(E.and, E.all)
              /\ FinishRound(E.t)
              /\ pc'[E.t] = E.pc
              /\ newId'[E.t] = E.id
      [] E.k = "Free" ->
              /\ newId[E.t] = E.id
              /\ Free(E.t)
      [] OTHER -> FALSE

(* A new call takes slot Cl[E.t]: the call that held it is over; its threads start again. *)
RestartDue == "fresh" \in DOMAIN E /\ r < l
Restart ==
    LET c == Cl[E.t]  ts == MemberThreads(c) IN
    /\ \A t \in ts : pc[t] \in {"failed", "freed"}
    /\ pc' = [t \in Threads |-> IF t \in ts THEN FirstPc ELSE pc[t]]
    /\ newId' = [t \in Threads |-> IF t \in ts THEN 0 ELSE newId[t]]
    /\ ownE' = [t \in Threads |-> IF t \in ts THEN {} ELSE ownE[t]]
    /\ claimAll' = [t \in Threads |-> IF t \in ts THEN FALSE ELSE claimAll[t]]
    /\ offer' = [offer EXCEPT ![c] = [p \in Procs |-> NoWord]]
    /\ event' = Ev("", "slot " \o ToString(c) \o " restarted for a new call", {})
    /\ r' = l
    /\ UNCHANGED <<mask, inbox, inUse, lowest, eagerInUse, l>>

TraceNext ==
    /\ l <= Len(Trace)
    /\ \/ RestartDue /\ Restart
       \/ ~RestartDue /\ TakeEvent /\ l' = l + 1 /\ UNCHANGED r

(* The invariants where the step into a state can change them. TLC checks *)
(* an invariant in every state; in a trace every state but the first has  *)
(* one predecessor, whose invariants were checked, so a state needs only  *)
(* the parts the step changed. The parts: TypeOK, Agreement, UniqueLive   *)
(* and NoSpuriousFailure are each a conjunction over threads, processes or *)
(* calls (Agreement: per call, its members that took an id took one id,   *)
(* and none took where one failed; UniqueLive: per process, its live      *)
(* threads hold distinct ids of its own; the other two per variable entry). *)
(* What a step changes (read off the actions: every change is an EXCEPT   *)
(* at the index named, or a function rebuilt with the others kept): a step *)
(* of thread t, in call c = Cl[t], changes pc, newId, ownE, claimAll only  *)
(* at t, offer only at c (at [c][Pr[t]]), mask, inUse, lowest, eagerInUse  *)
(* only at Pr[t], inbox only at the members of c (its sends and receive), *)
(* and event; a Restart for call c changes pc, newId, ownE, claimAll at    *)
(* c's threads and offer at c. AbsSt[u] reads pc[u] and offer[Cl[u]][Pr[u]] *)
(* only, so it changes only at those threads too. Each Trace* invariant   *)
(* checks the spec's invariant's conjuncts at what the step into the state *)
(* can have changed (for Agreement, the whole call c; for UniqueLive, the *)
(* whole process Pr[t]), and in the first state (First, perhaps a Start    *)
(* state from elsewhere) the whole invariant; the other conjuncts hold as *)
(* they held in the predecessor (by induction from the first state's whole *)
(* check). A violation is reported as the Trace* invariant's, in the state *)
(* where the spec's invariant first fails.                                 *)
CallThreads == [c \in Calls |-> MemberThreads(c)]               \* constants: TLC computes them once
ProcThreads == [p \in Procs |-> {t \in Threads : Pr[t] = p}]
Restarted == r = l                                  \* the step into this state restarted Cl[Trace[l].t]'s slot
First == l = 1 /\ r = 0                             \* the first state
Stepped == Trace[l - 1].t                           \* otherwise: the thread of the event just taken

(* TypeOK (MultithreadedFig3's, with ContextIds' CommonTypeOK) at threads T, processes P, inboxes I, calls C. *)
TypeOKAt(T, P, I, C) ==
    /\ \A t \in T : /\ pc[t] \in {"begin", "wait0", "start", "wait"} \cup EndPcs
                    /\ newId[t] \in Ids \cup {0}
                    /\ ownE[t] \in SUBSET Segs
                    /\ claimAll[t] \in BOOLEAN
    /\ \A p \in P : /\ mask[p] \in SUBSET Ids
                    /\ inUse[p] \in BOOLEAN
                    /\ lowest[p] \in Keys
                    /\ eagerInUse[p] \in SUBSET Segs
    /\ \A p \in I : inbox[p] \in [1..Len(inbox[p]) -> Msgs]
    /\ \A c \in C : offer[c] \in [Procs -> Words \cup {NoWord}]
    /\ event \in [who : STRING, what : STRING, peers : SUBSET STRING]
(* Promised!Agreement's two conjuncts for call c's threads: AbsSt[t] (the *)
(* promise's st) is pc[t] where pc[t] is an end pc and "idle" or "in"      *)
(* otherwise, so AbsSt[t] \in {"done", "freed"} iff pc[t] is, and          *)
(* AbsSt[t] = "failed" iff pc[t] is (read here from pc: AbsSt computes     *)
(* every thread's offer); newId is the promise's ret.                     *)
AgreementAt(c) ==
    LET took   == {t \in CallThreads[c] : pc[t] \in {"done", "freed"}}
        failed == {t \in CallThreads[c] : pc[t] = "failed"}
    IN  /\ Cardinality({newId[t] : t \in took}) <= 1
        /\ took = {} \/ failed = {}
(* Promised!UniqueLive for process p's threads (AbsSt[t] = "done" iff pc[t] = "done"). *)
UniqueLiveAt(p) ==
    LET live == {t \in ProcThreads[p] : pc[t] = "done"}
    IN  /\ Cardinality({newId[t] : t \in live}) = Cardinality(live)
        /\ \A t \in live : newId[t] \in FirstId..(Capacity[p] - 1)
NoSpuriousFailureAt(t) == pc[t] = "failed" => ~Suffice(Cl[t], EagerIds)

TraceTypeOK ==
    CASE First -> TypeOK
      [] Restarted -> LET c == Cl[Trace[l].t] IN TypeOKAt(CallThreads[c], {}, {}, {c})
      [] OTHER -> LET t == Stepped IN TypeOKAt({t}, {Pr[t]}, Members[Cl[t]], {Cl[t]})
(* A step of t that leaves it at no end pc left it in neither of its      *)
(* call's sets (took, failed): a thread leaves an end pc only in a Restart *)
(* ("done" -> "freed" keeps it in took). So Agreement needs checking only  *)
(* when t is at an end pc after the step.                                  *)
TraceAgreement ==
    CASE First -> Agreement
      [] Restarted -> AgreementAt(Cl[Trace[l].t])
      [] OTHER -> pc[Stepped] \in EndPcs => AgreementAt(Cl[Stepped])
(* Pr[t]'s live threads change only by t: t becomes live (pc "done", with  *)
(* its newId) or stops being live (a live set that loses a thread keeps    *)
(* distinct ids of its own). So only a step after which t is live needs it.*)
TraceUniqueLive ==
    CASE First -> UniqueLive
      [] Restarted -> \A p \in Members[Cl[Trace[l].t]] : UniqueLiveAt(p)
      [] OTHER -> pc[Stepped] = "done" => UniqueLiveAt(Pr[Stepped])
TraceNoSpuriousFailure ==
    CASE First -> NoSpuriousFailure
      [] Restarted -> \A t \in CallThreads[Cl[Trace[l].t]] : NoSpuriousFailureAt(t)
      [] OTHER -> NoSpuriousFailureAt(Stepped)

(* ErrOtherOnlyWhenExhausted at the thread that steps: a step of the trace *)
(* changes pc only at the event's thread E.t, or (Restart) at its call's  *)
(* threads, to FirstPc: no other thread can become "failed". Step and Vars *)
(* named as the spec's, for batches.                                       *)
TraceErrOtherOnlyWhenExhaustedStep ==
    l <= Len(Trace) => ((pc[E.t] # "failed" /\ pc'[E.t] = "failed") => Exhausted(Cl[E.t]))
TraceErrOtherOnlyWhenExhaustedVars == ErrOtherOnlyWhenExhaustedVars
TraceErrOtherOnlyWhenExhausted == [][TraceErrOtherOnlyWhenExhaustedStep]_TraceErrOtherOnlyWhenExhaustedVars

(* Constraints: evaluated on every state TLC reaches (they are TRUE, their point is the output).     *)
(* TraceStop ends the run only before the end of the trace: the state after the last event has no  *)
(* successor anyway, and TLC's exit would skip the invariants in that state (a violation by the     *)
(* last event would go unseen).                                                                     *)
(* Every state is determined by the events taken and the last restart (see above). *)
TraceView == <<l, r>>

TraceProgress == l > TLCGet(1) => (TLCSet(1, l) /\ PrintT(<<"TRACE-REACHED", l>>))
TraceStop == l = StopAt => (PrintT(<<"TRACE-STATE", l, StateRecord>>)
                            /\ (StopAt <= Len(Trace) => TLCSet("exit", TRUE)))
=============================================================================
