package org.mpiverify.trace.contextid;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.mpiverify.core.contextid.ContextIdAlgorithm;
import org.mpiverify.core.trace.ContextIdStep;
import org.mpiverify.core.trace.ContextIdStep.Kind;
import org.mpiverify.core.trace.ContextIdStep.Outcome;
import org.mpiverify.core.trace.RecordedEvent;
import org.mpiverify.core.trace.TraceRecorder;
import org.mpiverify.trace.spi.Tla;
import org.mpiverify.trace.spi.TraceModel;
import org.mpiverify.trace.spi.TraceStep;

/**
 * The context-id steps of one run, made ready for the trace spec of one algorithm of
 * {@code specs/contextid} ({@code MultithreadedFig3Trace}, {@code PublishedFig3Trace},
 * {@code SingleLockTrace}, {@code NaiveRetryTrace}).
 *
 * <p>What is translated, and why it is sound:
 * <ul>
 *   <li>Processes are world ranks + 1 (the spec's {@code Procs == 1..N}).</li>
 *   <li>Calls are named {@code c1, c2, ...} in the order of their first step; a call's members, parent
 *       context and tag become the spec's {@code Members}, {@code Parent}, {@code Tag}.</li>
 *   <li>Tags are renumbered per parent context, keeping their order (-1 stays -1, createGroup tags become
 *       0, 1, ...): the spec packs a key as {@code Parent * 100 + Tag + 1} with tags in -1..98, and the
 *       algorithms only compare keys and match message envelopes by equality, so an order-preserving
 *       renaming changes no step. More than 99 tags on one parent cannot be expressed (an error).</li>
 *   <li>A FREE names an id and a process; it belongs to the call that took that id there last and has not
 *       freed it (ids are unique among a process's live communicators, which the spec checks too).</li>
 *   <li>A trace that holds an ABANDON (a job aborted during an allreduce) is validated up to it: the spec
 *       has no error path.</li>
 *   <li>The trace is read as data, in one TLC run however long ({@link #readsTraceAsData()}). The spec's
 *       calls are slots {@code s1, s2, ...}: a call takes a free slot of its signature (members, parent
 *       context, tag) at its first step, the first event of a call that takes a slot an earlier call used
 *       carries {@code fresh |-> TRUE}, and the slot is free again once every member's thread of its call
 *       has failed or freed. The spec restarts the slot's threads at such an event, after checking that
 *       they have all ended (a Rebase of one call's history). The slots are as many as the calls of one
 *       signature that exist at once, so the spec's state, and TLC's time per event, do not grow with the
 *       trace; a call's steps are those of the recorded call, under its slot's name.</li>
 * </ul>
 *
 * <p>Events name a thread by its number in its slot ({@code ContextIdSlotThreads}: process p's thread in slot
 * {@code s<n>} is {@code (n - 1) * processes + p}, and the spec's calls are 1..slots), so that TLC looks threads up
 * by an integer; their lanes (and reports) keep the call's own name ({@code p1/c17}).
 */
public final class ContextIdTraces implements TraceModel {
    /** The spec's key for "no key waits" (MultithreadedFig3 and PublishedFig3: NoKey). */
    static final int NO_KEY = 1_000_000;

    private final String name;
    private final ContextIdAlgorithm spec;
    private final String variant;
    private final int processes;
    private final int[] capacity;
    private final int eagerCount, eagerSegments;
    private final List<TraceStep> steps = new ArrayList<>();
    /** The recorded calls, by their id in the recording: named c1, c2, ... in order of first step. */
    private final Map<String, Call> calls = new LinkedHashMap<>();
    /** The spec's calls: the slots s1, s2, ..., each with the signature of the calls that take it. */
    private final Map<String, Signature> slots = new LinkedHashMap<>();
    private String truncation = "";

    /** A recorded call: its name and what the spec needs of it. */
    private record Call(String name, Signature signature) {}

    /** What the spec's constants say of a call: its parent context, (renamed) tag and members. */
    private record Signature(int parent, int tag, Set<Integer> members) {}

    /**
     * @param name      the trace's name
     * @param events    a run's recorded events (other algorithms' are skipped)
     * @param spec      the algorithm whose spec the steps are checked against
     * @param variant   what produced them (shown in reports)
     * @param processes the job's ranks
     * @param facts     the recorder's facts (each process's capacity and eager segment)
     */
    public ContextIdTraces(String name, List<RecordedEvent> events, ContextIdAlgorithm spec, String variant,
                           int processes, Map<String, Object> facts) {
        this.name = name;
        this.spec = spec;
        this.variant = variant;
        this.processes = processes;
        this.capacity = new int[processes];
        for (int p = 0; p < processes; p++) {
            Object c = facts.get("contextid.capacity." + p);
            capacity[p] = c == null ? 1024 : (Integer) c;
        }
        this.eagerCount = Math.max(0, oneForAll(facts, "contextid.eager.", 0, processes, "EagerCount"));
        this.eagerSegments = Math.max(1, oneForAll(facts, "contextid.segments.", 1, processes, "EagerSegments"));
        translate(events);
    }

    /**
     * The fact {@code prefix + p}, the same for every process {@code p} ({@code absent} where a process has none),
     * or -1 if there are no processes: the spec's {@code constant} has one value for all.
     */
    private static int oneForAll(Map<String, Object> facts, String prefix, int absent, int processes, String constant) {
        int value = -1;
        for (int p = 0; p < processes; p++) {
            Object f = facts.get(prefix + p);
            int v = f == null ? absent : (Integer) f;
            if (value >= 0 && v != value) {
                throw new IllegalArgumentException("processes differ in " + prefix + "* (" + value + ", " + v
                        + "): the spec has one " + constant);
            }
            value = v;
        }
        return value;
    }

    @Override public String name() { return name; }

    @Override public TraceRecorder.Algorithm algorithm() { return TraceRecorder.Algorithm.CONTEXT_ID; }

    @Override public String variant() { return variant; }

    @Override public String specFolder() { return "contextid"; }

    @Override
    public String traceModule() {
        return switch (spec) {
            case MULTITHREADED -> "MultithreadedFig3Trace";
            case PUBLISHED_FIG3 -> "PublishedFig3Trace";
            case SINGLE_THREADED_LOCKED -> "SingleLockTrace";
            case NAIVE_RETRY -> "NaiveRetryTrace";
        };
    }

    /**
     * The spec's invariants; for MultithreadedFig3 (the core's algorithm, and its long traces) each checked, after
     * the first state, only where the step into a state can change it: {@code TraceTypeOK} for {@code TypeOK} and so
     * on, whose argument is in {@code MultithreadedFig3Trace} (every state of a trace has one predecessor, whose
     * invariants were checked, and each invariant is a conjunction over threads, processes and calls of which a
     * step changes those of its thread, process and call).
     */
    @Override
    public List<String> invariants() {
        return spec == ContextIdAlgorithm.MULTITHREADED
                ? List.of("TraceTypeOK", "TraceAgreement", "TraceUniqueLive", "TraceNoSpuriousFailure")
                : List.of("TypeOK", "Agreement", "UniqueLive");
    }

    /** MultithreadedFig3's ErrOtherOnlyWhenExhausted, checked at the thread that steps (the only one whose pc changes). */
    @Override
    public List<String> properties() {
        return spec == ContextIdAlgorithm.MULTITHREADED ? List.of("TraceErrOtherOnlyWhenExhausted") : List.of();
    }

    @Override public List<TraceStep> steps() { return steps; }

    @Override public String truncation() { return truncation; }

    @Override public Map<String, String> definitions() { return Map.of(); }

    /** The trace spec reads the events as data, and restarts a slot's threads when a new call takes it. */
    @Override public boolean readsTraceAsData() { return true; }

    /** An id set as an enumerated set (a value TLC reads as data). */
    private static String idSet(long[] words) {
        int[] ids = ContextIdStep.ids(words);
        StringBuilder b = new StringBuilder("{");
        for (int i = 0; i < ids.length; i++) b.append(i == 0 ? "" : ", ").append(ids[i]);
        return b.append('}').toString();
    }

    /** A lane's name of process p's thread in call c (reports keep the recorded call's name). */
    static String thread(int process, String call) {
        return "p" + process + "/" + call;
    }

    /**
     * The spec's number of process p's thread in slot {@code s<n>}: {@code SlotThread(p, n)} of
     * {@code ContextIdSlotThreads}, {@code (n - 1) * processes + p}.
     */
    private String slotThread(int process, String slot) {
        return Integer.toString((slotNumber(slot) - 1) * processes + process);
    }

    /** The spec's number of a slot: n of {@code s<n>}. */
    private static int slotNumber(String slot) {
        return Integer.parseInt(slot.substring(1));
    }

    private void translate(List<RecordedEvent> events) {
        // Pass 1: calls in order of first step, tags renumbered per parent.
        Map<Integer, TreeSet<Integer>> tagsByParent = new TreeMap<>();
        List<RecordedEvent> mine = new ArrayList<>();
        for (RecordedEvent e : events) {
            if (!(e.step() instanceof ContextIdStep s)) continue;
            if (s.kind() == Kind.ABANDON) {
                truncation = "the job was aborted during an allreduce at stamp " + e.seq() + " ("
                        + e.thread() + "); the trace is validated up to there";
                break;
            }
            mine.add(e);
            if (s.call() != null) tagsByParent.computeIfAbsent(s.parent(), k -> new TreeSet<>()).add(s.tag());
        }
        Map<Long, Integer> tagName = new LinkedHashMap<>();
        for (Map.Entry<Integer, TreeSet<Integer>> en : tagsByParent.entrySet()) {
            int next = 0;
            for (int tag : en.getValue()) {
                int renamed = tag < 0 ? -1 : next++;
                if (renamed > 98) {
                    throw new IllegalArgumentException("more than 99 createGroup tags on parent context " + en.getKey()
                            + ": the spec's keys hold tags -1..98");
                }
                tagName.put(pair(en.getKey(), tag), renamed);
            }
        }
        // Pass 2: the steps, each call in a slot of its signature.
        Map<String, String> liveById = new LinkedHashMap<>();   // "p/id" -> lane (p<p>/c<n>) of the call that holds it
        Map<String, String> slotOf = new LinkedHashMap<>();     // call name -> its slot
        Map<String, Integer> threadsLeft = new LinkedHashMap<>();   // call name -> its threads not ended yet
        Map<Signature, ArrayDeque<String>> freeSlots = new LinkedHashMap<>();
        for (RecordedEvent e : mine) {
            ContextIdStep s = (ContextIdStep) e.step();
            int p = s.process() + 1;
            Map<String, String> r = new LinkedHashMap<>();
            String lane;
            String call = null;
            boolean ends = false;
            if (s.kind() == Kind.FREE) {
                lane = liveById.remove(p + "/" + s.id());
                if (lane == null) {
                    r.put("k", Tla.str("Unmatched"));
                    r.put("what", Tla.str("p" + p + " frees id " + s.id() + ", which no recorded call took"));
                    lane = "p" + p;
                } else {
                    call = lane.substring(lane.indexOf('/') + 1);
                    r.put("k", Tla.str("Free"));
                    r.put("t", slotThread(p, slotOf.get(call)));
                    r.put("id", Integer.toString(s.id()));
                    ends = true;
                }
            } else {
                boolean first = !calls.containsKey(s.call());
                Call c = calls.computeIfAbsent(s.call(), k -> new Call("c" + (calls.size() + 1),
                        new Signature(s.parent(), tagName.get(pair(s.parent(), s.tag())), members(s.members()))));
                call = c.name();
                boolean fresh = false;
                if (first) {
                    ArrayDeque<String> free = freeSlots.computeIfAbsent(c.signature(), k -> new ArrayDeque<>());
                    String slot = free.pollFirst();
                    fresh = slot != null;
                    if (slot == null) {
                        slot = "s" + (slots.size() + 1);
                        slots.put(slot, c.signature());
                    }
                    slotOf.put(call, slot);
                    threadsLeft.put(call, c.signature().members().size());
                }
                lane = thread(p, c.name());
                event(r, s, c, slotThread(p, slotOf.get(call)), tagName);
                if (fresh) r.put("fresh", "TRUE");
                if (s.outcome() == Outcome.TAKES_ID) liveById.put(p + "/" + s.id(), lane);
                ends = s.outcome() == Outcome.FAILS;
            }
            steps.add(new TraceStep(steps.size() + 1, e.seq(), lane, e.thread(), Tla.record(r),
                    lane + ": " + describe(s), e.site() == null ? "" : e.site()));
            // the slot is free once every member's thread of its call has ended (failed, or freed its id)
            if (ends && threadsLeft.merge(call, -1, Integer::sum) == 0) {
                String slot = slotOf.get(call);
                freeSlots.get(slots.get(slot)).addLast(slot);
            }
        }
    }

    private static long pair(int parent, int tag) {
        return ((long) parent << 32) ^ (tag & 0xFFFF_FFFFL);
    }

    private static Set<Integer> members(int[] worldRanks) {
        Set<Integer> m = new TreeSet<>();
        for (int w : worldRanks) m.add(w + 1);
        return m;
    }

    /** The spec's key of a Java key (parent << 32 | tag ^ MIN_VALUE), with the tag renamed. */
    private int specKey(long javaKey, Map<Long, Integer> tagName) {
        if (javaKey == ContextIdStep.NO_KEY) return NO_KEY;
        if (spec == ContextIdAlgorithm.PUBLISHED_FIG3) return (int) javaKey;   // Fig. 3's key: the context id
        int parent = (int) (javaKey >> 32);
        int tag = ((int) javaKey) ^ Integer.MIN_VALUE;
        Integer renamed = tagName.get(pair(parent, tag));
        if (renamed == null) {
            throw new IllegalStateException("lowest key (" + parent + ", " + tag + ") belongs to no recorded call");
        }
        return parent * 100 + renamed + 1;
    }

    private void event(Map<String, String> r, ContextIdStep s, Call c, String thread, Map<Long, Integer> tagName) {
        String k = switch (spec) {
            case MULTITHREADED -> switch (s.kind()) {
                case EAGER_ENTER -> "EnterEager";
                case EAGER_FINISH -> "FinishEager";
                case ENTER -> "Enter";
                case FINISH -> "FinishRound";
                default -> "Unexpected";
            };
            case PUBLISHED_FIG3, SINGLE_THREADED_LOCKED -> switch (s.kind()) {
                case ENTER -> "Enter";
                case FINISH -> "Finish";
                default -> "Unexpected";
            };
            case NAIVE_RETRY -> switch (s.kind()) {
                case SNAPSHOT -> "Snapshot";
                case RESERVE -> "Reserve";
                case DECIDE -> "Decide";
                default -> "Unexpected";
            };
        };
        r.put("k", Tla.str(k));
        r.put("t", thread);
        switch (s.kind()) {
            case EAGER_ENTER, ENTER, SNAPSHOT -> {
                r.put("own", Tla.bool(s.owned()));
                r.put("m", idSet(s.offered()));
                if (s.kind() == Kind.ENTER && spec != ContextIdAlgorithm.SINGLE_THREADED_LOCKED) {
                    r.put("low", Integer.toString(specKey(s.lowest(), tagName)));
                }
            }
            case EAGER_FINISH, FINISH -> {
                r.put("and", idSet(s.and()));
                r.put("all", Tla.bool(s.andOwned()));
                r.put("pc", Tla.str(switch (s.outcome()) {
                    case TAKES_ID -> "done";
                    case FAILS -> "failed";
                    default -> "start";
                }));
                r.put("id", Integer.toString(Math.max(0, s.id())));
            }
            case RESERVE -> {
                r.put("and", idSet(s.and()));
                r.put("own", Tla.bool(s.owned()));
                r.put("cand", Integer.toString(Math.max(0, s.id())));
                r.put("pc", Tla.str(s.outcome() == Outcome.FAILS ? "failed" : "wait2"));
            }
            case DECIDE -> {
                r.put("all", Tla.bool(s.andOwned()));
                r.put("pc", Tla.str(s.outcome() == Outcome.TAKES_ID ? "done" : "start"));
                r.put("id", Integer.toString(s.outcome() == Outcome.TAKES_ID ? s.id() : 0));
            }
            default -> { }
        }
    }

    private static String describe(ContextIdStep s) {
        String what = switch (s.kind()) {
            case EAGER_ENTER -> s.owned() ? "eager round: offers " + ids(s.offered()) : "eager round: segment busy, offers nothing";
            case EAGER_FINISH -> "eager round ends: AND " + ids(s.and()) + (s.andOwned() ? "" : " (not all owned)");
            case ENTER -> s.owned() ? "owns the mask, offers " + ids(s.offered()) : "does not own the mask";
            case FINISH -> "round ends: AND " + ids(s.and()) + (s.andOwned() ? " (all owned)" : "");
            case SNAPSHOT -> "reads the mask " + ids(s.offered()) + ", allreduce #1";
            case RESERVE -> s.outcome() == Outcome.FAILS ? "AND empty" : (s.owned() ? "reserves " : "cannot reserve ") + s.id();
            case DECIDE -> s.andOwned() ? "all reserved" : "someone could not reserve";
            case FREE -> "frees id " + s.id();
            case ABANDON -> "abandons the call";
        };
        String next = switch (s.outcome()) {
            case TAKES_ID -> ": takes id " + s.id();
            case FAILS -> ": out of context ids";
            case RETRIES -> ": retries";
            case GOES_ON -> ": goes on to Fig. 3";
            default -> "";
        };
        return what + next;
    }

    /** A short form of an id set for descriptions: runs as a..b. */
    static String ids(long[] words) {
        String s = Tla.intSet(ContextIdStep.ids(words));
        return s.replace(" \\cup ", " + ");
    }

    /** The constants of the whole trace (one TLC run): the slots are the spec's calls. */
    @Override
    public Map<String, String> constants(int from, int to) {
        Map<String, String> k = new LinkedHashMap<>();
        k.put("Procs", "1.." + processes);
        k.put("Calls", "1.." + slots.size());
        k.put("Members", fn(s -> Tla.set(s.members().stream().map(String::valueOf).toList())));
        k.put("Parent", fn(s -> Integer.toString(s.parent())));
        k.put("Tag", fn(s -> Integer.toString(s.tag())));
        k.put("Before", fn(s -> "{}"));
        k.put("Capacity", "<<" + Arrays.stream(capacity).mapToObj(String::valueOf)
                .collect(Collectors.joining(", ")) + ">>");
        k.put("AllowFree", "TRUE");
        if (spec == ContextIdAlgorithm.MULTITHREADED) {
            k.put("EagerCount", Integer.toString(eagerCount));
            k.put("EagerSegments", Integer.toString(eagerSegments));
        }
        return k;
    }

    /** A function over the slots 1..n, as a tuple (slots are numbered in order: s1, s2, ...). */
    private String fn(Function<Signature, String> value) {
        return Tla.tuple(slots.values().stream().map(value).toList());
    }

    /**
     * Threads and slots as numbers ({@code ContextIdSlotThreads}): TLC looks up a function over threads by an
     * integer instead of comparing a thread's name with each name in its domain; and the history variable
     * {@code event} one constant (its text, computed on every step, is read by no action). SingleLock's free mutex
     * is then the number 0.
     */
    @Override
    public Map<String, String> substitutions() {
        Map<String, String> k = new LinkedHashMap<>();
        k.put("Th", "SlotThread");
        k.put("Ev", "QuietEvent");
        if (spec == ContextIdAlgorithm.SINGLE_THREADED_LOCKED) k.put("NoThread", "NoSlotThread");
        return k;
    }

    /** MultithreadedFig3Trace's every state is determined by its events taken and its last restart. */
    @Override
    public String view() {
        return spec == ContextIdAlgorithm.MULTITHREADED ? "TraceView" : null;
    }
}
