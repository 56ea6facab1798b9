package org.mpiverify.trace.scheduler;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.mpiverify.core.trace.RecordedEvent;
import org.mpiverify.core.trace.SchedulerStep;
import org.mpiverify.core.trace.SchedulerStep.Kind;
import org.mpiverify.core.trace.TraceRecorder;
import org.mpiverify.trace.spi.Tla;
import org.mpiverify.trace.spi.TraceModel;
import org.mpiverify.trace.spi.TraceStep;

/**
 * The steps of one worker of a bit-vector scheduler, made ready for
 * {@code specs/scheduler/BitVectorSchedulerTrace.tla}.
 *
 * <p>What is translated:
 * <ul>
 *   <li>A thread lane {@code t<id>} is one virtual thread of the worker ({@link Thread#threadId()}: a slot
 *       reused by a later thread is another lane); its word is its slot's, from 1.</li>
 *   <li>A signal lane {@code r<n>} is one hand-over of a thread to the scheduler: its Word, Index and Wake,
 *       by one Java thread one after the other (a signaller finishes one signal before it starts another).</li>
 *   <li>Words and groups are numbered from 1; the spec's words are those up to the end of the last group any
 *       recorded thread is in (the others are never marked, and a pass takes no group of theirs).</li>
 * </ul>
 *
 * <p>The spec has one index word (32,768 threads a worker): a step of a thread beyond, or of a second index word,
 * ends the validated prefix, and the verdict says so.
 *
 * <p>Windows: a window's lanes are those whose steps overlap it; a lane whose last step leaves it handed over
 * or running (not parked or ended) is kept to the end of the trace, so that the end's check sees it.
 */
public final class SchedulerTraces implements TraceModel {
    /** Threads one index word covers: the spec's bound. */
    static final int ONE_INDEX_WORD = 64 * 8 * 64;

    private final String name;
    private final String variant;
    private final boolean closed;
    private final List<TraceStep> steps = new ArrayList<>();
    private final Map<String, Integer> wordOf = new LinkedHashMap<>();          // thread lane -> word from 1
    private final Map<String, String> ownerOf = new LinkedHashMap<>();          // signal lane -> thread lane
    private final Map<String, String> openSignal = new LinkedHashMap<>();       // Java thread -> signal lane
    private final Map<String, int[]> span = new LinkedHashMap<>();              // lane -> [first, last]
    private final Set<String> threadLanes = new LinkedHashSet<>();
    private final Set<String> signalLanes = new LinkedHashSet<>();
    private final Set<String> unfinished = new LinkedHashSet<>();               // lanes whose last step leaves them live
    private final Map<String, String> substitutions;
    private int numWords = 8;
    private String truncation = "";

    /**
     * @param name    the trace's name
     * @param events  a run's events in global order (other workers' and other algorithms' steps are skipped)
     * @param worker  the worker whose steps these are
     * @param variant what produced them (shown in reports)
     * @param closed  whether every thread of the run had ended when the recording was taken (the end is then
     *                checked: every thread handed over has run)
     */
    public SchedulerTraces(String name, List<RecordedEvent> events, String worker, String variant, boolean closed) {
        this(name, events, worker, variant, closed, Map.of());
    }

    /**
     * As above, checked against a mutant of {@code BitVectorSchedulerTraceMutants.tla} ({@code WakeJ <- WakeNoUnpark},
     * say) to show that the trace spec's promises can fail.
     */
    public SchedulerTraces(String name, List<RecordedEvent> events, String worker, String variant, boolean closed,
                           Map<String, String> substitutions) {
        this.name = name;
        this.variant = variant;
        this.substitutions = Map.copyOf(substitutions);
        for (RecordedEvent e : events) {
            if (e.step() instanceof SchedulerStep s && s.worker().equals(worker)) {
                if (outside(s)) {
                    truncation = "validated up to event " + steps.size() + ": event " + (steps.size() + 1) + " ("
                            + s + ") is of a thread beyond the first " + ONE_INDEX_WORD
                            + " of the worker, outside the spec's one index word";
                    break;
                }
                translate(e, s);
            }
        }
        this.closed = closed && truncation.isEmpty();
        for (String lane : unfinished) span.get(lane)[1] = Math.max(0, steps.size() - 1);
    }

    private static boolean outside(SchedulerStep s) {
        return switch (s.kind()) {
            case TAKE_INDEX -> s.slot() != 0;
            case SKIP, TAKE_WORD -> s.slot() >= ONE_INDEX_WORD / 64;
            case WORD, INDEX, WAKE, RUN, YIELD, END -> s.slot() >= ONE_INDEX_WORD;
            default -> false;
        };
    }

    private void translate(RecordedEvent e, SchedulerStep s) {
        int index = steps.size();
        Map<String, String> r = new LinkedHashMap<>();
        Set<String> touched = new LinkedHashSet<>();
        String lane = "w";
        switch (s.kind()) {
            case WORD, INDEX, WAKE -> {
                String t = thread(s.thread(), s.slot());
                String sig = s.kind() == Kind.WORD ? "r" + (signalLanes.size() + 1) : openSignal.get(e.thread());
                if (sig == null) sig = "r" + (signalLanes.size() + 1);   // a step with no Word before it: the spec rejects it
                if (s.kind() == Kind.WORD || !signalLanes.contains(sig)) {
                    signalLanes.add(sig);
                    ownerOf.put(sig, t);
                    openSignal.put(e.thread(), sig);
                }
                r.put("k", Tla.str(switch (s.kind()) {
                    case WORD -> "Word";
                    case INDEX -> "Index";
                    default -> "Wake";
                }));
                r.put("r", Tla.str(sig));
                if (s.kind() == Kind.WAKE) {
                    r.put("v", Tla.bool(s.value()));
                    openSignal.remove(e.thread());
                    unfinished.remove(sig);
                } else {
                    unfinished.add(sig);
                }
                unfinished.add(t);
                touched.add(sig);
                touched.add(t);
                lane = sig;
            }
            case TAKE_INDEX -> {
                r.put("k", Tla.str("TakeIndex"));
                List<String> groups = new ArrayList<>();
                for (long b = s.bits(); b != 0; b &= b - 1) {
                    groups.add(Integer.toString(s.slot() * 64 + Long.numberOfTrailingZeros(b) + 1));
                }
                r.put("g", Tla.set(groups));
            }
            case SKIP -> {
                r.put("k", Tla.str("Skip"));
                r.put("w", Integer.toString(s.slot() + 1));
            }
            case TAKE_WORD -> {
                r.put("k", Tla.str("TakeWord"));
                r.put("w", Integer.toString(s.slot() + 1));
                List<String> ts = new ArrayList<>();
                long[] ids = s.threads();
                int i = 0;
                for (long b = s.bits(); b != 0; b &= b - 1) {
                    String t = thread(ids[i++], (s.slot() << 6) + Long.numberOfTrailingZeros(b));
                    ts.add(Tla.str(t));
                    touched.add(t);
                }
                r.put("ts", Tla.set(ts));
            }
            case RUN, YIELD, END -> {
                String t = thread(s.thread(), s.slot());
                r.put("k", Tla.str(switch (s.kind()) {
                    case RUN -> "Run";
                    case YIELD -> "Yield";
                    default -> "End";
                }));
                r.put("t", Tla.str(t));
                touched.add(t);
                if (s.kind() == Kind.RUN) unfinished.add(t);
                else unfinished.remove(t);
                lane = t;
            }
            case IDLE -> r.put("k", Tla.str("Idle"));
            case ANNOUNCE -> r.put("k", Tla.str("Announce"));
            case RECHECK -> {
                r.put("k", Tla.str("Recheck"));
                r.put("v", Tla.bool(s.value()));
            }
            case AWAKE -> r.put("k", Tla.str("Awake"));
        }
        for (String t : touched) span.computeIfAbsent(t, x -> new int[] {index, index})[1] = index;
        steps.add(new TraceStep(index + 1, e.seq(), lane, e.thread(), Tla.record(r), lane + ": " + s,
                e.site() == null ? "" : e.site()));
    }

    private String thread(long id, int slot) {
        String t = "t" + id;
        if (threadLanes.add(t)) {
            wordOf.put(t, slot / 64 + 1);
            numWords = Math.max(numWords, (slot / 512 + 1) * 8);
        }
        return t;
    }

    @Override public String name() { return name; }

    @Override public TraceRecorder.Algorithm algorithm() { return TraceRecorder.Algorithm.SCHEDULER; }

    @Override public String variant() { return variant; }

    @Override public String specFolder() { return "scheduler"; }

    @Override
    public String traceModule() {
        return substitutions.isEmpty() ? "BitVectorSchedulerTrace" : "BitVectorSchedulerTraceMutants";
    }

    @Override public Map<String, String> substitutions() { return substitutions; }

    @Override
    public List<String> invariants() {
        return List.of("SwitchOnlyToWaiting", "IndexCoversWords", "WorkerNoLostWakeup", "AllSignalledRan");
    }

    @Override public List<String> properties() { return List.of(); }

    @Override public List<TraceStep> steps() { return steps; }

    @Override public List<String> modelValues() { return List.of("None"); }

    @Override public String truncation() { return truncation; }

    @Override public Map<String, String> definitions() { return Map.of(); }

    @Override
    public Map<String, String> constants(int from, int to) {
        Set<String> lanes = new TreeSet<>();
        span.forEach((lane, fl) -> {
            if (fl[0] < to && fl[1] >= from) lanes.add(lane);
        });
        Map<String, List<String>> reqs = new LinkedHashMap<>();
        Map<String, String> words = new LinkedHashMap<>();
        for (String t : threadLanes) {
            if (!lanes.contains(t)) continue;
            reqs.put(t, new ArrayList<>());
            words.put(Tla.str(t), Integer.toString(wordOf.get(t)));
        }
        for (String sig : signalLanes) {
            if (lanes.contains(sig)) reqs.computeIfAbsent(ownerOf.get(sig), x -> new ArrayList<>()).add(Tla.str(sig));
        }
        Map<String, String> reqsFn = new LinkedHashMap<>();
        reqs.forEach((t, rs) -> {
            reqsFn.put(Tla.str(t), Tla.tuple(rs).replace("\n  ", " "));
            words.putIfAbsent(Tla.str(t), Integer.toString(wordOf.get(t)));
        });
        List<String> groupOf = new ArrayList<>();
        for (int w = 0; w < numWords; w++) groupOf.add(Integer.toString(w / 8 + 1));
        Map<String, String> k = new LinkedHashMap<>();
        k.put("Threads", Tla.set(reqsFn.keySet().stream().toList()));
        k.put("Reqs", reqsFn.isEmpty() ? "[x \\in {} |-> <<>>]" : Tla.function(reqsFn));
        k.put("NumWords", Integer.toString(numWords));
        k.put("WordOf", words.isEmpty() ? "[x \\in {} |-> 1]" : Tla.function(words));
        k.put("GroupOf", "<<" + String.join(", ", groupOf) + ">>");
        k.put("Closed", Tla.bool(closed && to == steps.size()));
        return k;
    }
}
