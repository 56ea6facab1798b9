package org.mpiverify.trace.contextid;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
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
 * </ul>
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
    /** Per step: the call it belongs to, and whether it ends its thread's part (failed or freed). */
    private final List<String> stepCall = new ArrayList<>();
    private final List<Boolean> stepEndsThread = new ArrayList<>();
    private final Map<String, Call> calls = new LinkedHashMap<>();
    private String truncation = "";
    /** Id sets by their TLA+ text, named TS1, TS2, ... (see {@link TraceModel#definitions()}). */
    private final Map<String, String> setNames = new LinkedHashMap<>();

    /** A call as the spec sees it. */
    private record Call(String name, int parent, int tag, Set<Integer> members) {}

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

    @Override
    public List<String> invariants() {
        return spec == ContextIdAlgorithm.MULTITHREADED
                ? List.of("TypeOK", "Agreement", "UniqueLive", "NoSpuriousFailure")
                : List.of("TypeOK", "Agreement", "UniqueLive");
    }

    @Override
    public List<String> properties() {
        return spec == ContextIdAlgorithm.MULTITHREADED ? List.of("ErrOtherOnlyWhenExhausted") : List.of();
    }

    @Override public List<TraceStep> steps() { return steps; }

    @Override public String truncation() { return truncation; }

    @Override
    public Map<String, String> definitions() {
        Map<String, String> d = new LinkedHashMap<>();
        setNames.forEach((text, name) -> d.put(name, text));
        return d;
    }

    /** The name of an id set (its definition is emitted once per module). */
    private String idSet(long[] words) {
        String text = Tla.intSet(ContextIdStep.ids(words));
        if (text.equals("{}")) return text;
        return setNames.computeIfAbsent(text, t -> "TS" + (setNames.size() + 1));
    }

    /** The spec's name of process p's thread in call c: Th(p, c). */
    static String thread(int process, String call) {
        return "p" + process + "/" + call;
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
        // Pass 2: the steps.
        Map<String, String> liveById = new LinkedHashMap<>();   // "p/id" -> thread that holds it
        for (RecordedEvent e : mine) {
            ContextIdStep s = (ContextIdStep) e.step();
            int p = s.process() + 1;
            Map<String, String> r = new LinkedHashMap<>();
            String lane;
            String call;
            boolean ends = false;
            if (s.kind() == Kind.FREE) {
                lane = liveById.remove(p + "/" + s.id());
                if (lane == null) {
                    r.put("k", Tla.str("Unmatched"));
                    r.put("what", Tla.str("p" + p + " frees id " + s.id() + ", which no recorded call took"));
                    lane = "p" + p;
                    call = null;
                } else {
                    r.put("k", Tla.str("Free"));
                    r.put("t", Tla.str(lane));
                    r.put("id", Integer.toString(s.id()));
                    call = lane.substring(lane.indexOf('/') + 1);
                    ends = true;
                }
            } else {
                Call c = calls.computeIfAbsent(s.call(), k -> new Call("c" + (calls.size() + 1), s.parent(),
                        tagName.get(pair(s.parent(), s.tag())), members(s.members())));
                call = c.name();
                lane = thread(p, c.name());
                event(r, s, c, lane, tagName);
                if (s.outcome() == Outcome.TAKES_ID) liveById.put(p + "/" + s.id(), lane);
                ends = s.outcome() == Outcome.FAILS;
            }
            steps.add(new TraceStep(steps.size() + 1, e.seq(), lane, e.thread(), Tla.record(r),
                    lane + ": " + describe(s), e.site() == null ? "" : e.site()));
            stepCall.add(call);
            stepEndsThread.add(ends);
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

    private void event(Map<String, String> r, ContextIdStep s, Call c, String lane, Map<Long, Integer> tagName) {
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
        r.put("t", Tla.str(lane));
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

    @Override
    public Map<String, String> constants(int from, int to) {
        // The calls of the window: every call with a step in it, and every call still going on at its start.
        Set<String> over = new LinkedHashSet<>();
        Map<String, Integer> threadsLeft = new LinkedHashMap<>();
        for (Call c : calls.values()) threadsLeft.put(c.name(), c.members().size());
        for (int i = 0; i < from; i++) {
            if (stepEndsThread.get(i) && threadsLeft.merge(stepCall.get(i), -1, Integer::sum) == 0) {
                over.add(stepCall.get(i));
            }
        }
        Set<String> started = new LinkedHashSet<>();
        for (int i = 0; i < to; i++) {
            if (stepCall.get(i) != null) started.add(stepCall.get(i));
        }
        List<Call> window = calls.values().stream()
                .filter(c -> started.contains(c.name()) && !over.contains(c.name())).toList();
        Map<String, String> k = new LinkedHashMap<>();
        k.put("Procs", "1.." + processes);
        k.put("Calls", Tla.set(window.stream().map(c -> Tla.str(c.name())).toList()));
        k.put("Members", fn(window, c -> Tla.set(c.members().stream().map(String::valueOf).toList())));
        k.put("Parent", fn(window, c -> Integer.toString(c.parent())));
        k.put("Tag", fn(window, c -> Integer.toString(c.tag())));
        k.put("Before", fn(window, c -> "{}"));
        k.put("Capacity", "<<" + Arrays.stream(capacity).mapToObj(String::valueOf)
                .collect(Collectors.joining(", ")) + ">>");
        k.put("AllowFree", "TRUE");
        if (spec == ContextIdAlgorithm.MULTITHREADED) {
            k.put("EagerCount", Integer.toString(eagerCount));
            k.put("EagerSegments", Integer.toString(eagerSegments));
        }
        return k;
    }

    private static String fn(List<Call> cs, Function<Call, String> value) {
        Map<String, String> m = new LinkedHashMap<>();
        for (Call c : cs) m.put(Tla.str(c.name()), value.apply(c));
        return Tla.function(m);
    }
}
