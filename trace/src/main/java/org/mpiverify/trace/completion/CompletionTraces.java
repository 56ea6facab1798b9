package org.mpiverify.trace.completion;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.mpiverify.core.trace.CompletionStep;
import org.mpiverify.core.trace.CompletionStep.Kind;
import org.mpiverify.core.trace.RecordedEvent;
import org.mpiverify.core.trace.TraceRecorder;
import org.mpiverify.trace.spi.Tla;
import org.mpiverify.trace.spi.TraceModel;
import org.mpiverify.trace.spi.TraceStep;

/**
 * The completion steps of one run (every request of every rank), made ready for
 * {@code specs/matchtable/CompletionTrace.tla}.
 *
 * <p>What is translated:
 * <ul>
 *   <li>Each use of a completion is a request {@code k} (1, 2, ... in order of first step).</li>
 *   <li>A wait lane {@code w<n>} is one thread waiting on one request (its steps: Peek, Publish, Check,
 *       Return, Deregister); a signal lane {@code s<k>} is request k's completion (Signal, Unpark). An
 *       Unpark that found a waiter names the waiter's lane for that request.</li>
 *   <li>The lanes of the sequence diagram are the Java threads ({@code t1, t2, ...}).</li>
 * </ul>
 *
 * <p>Windows: a window's lanes are those whose steps (from the first to the last, an Unpark naming a wait
 * lane counting as one of that lane's) overlap the window; its requests are theirs. A lane of the window's
 * start state that is not among them has no step left, so dropping it changes no later step.
 */
public final class CompletionTraces implements TraceModel {
    private final String name;
    private final String variant;
    private final List<TraceStep> steps = new ArrayList<>();
    private final Map<Long, Integer> requests = new LinkedHashMap<>();      // use -> k
    private final Map<String, String> waitLanes = new LinkedHashMap<>();   // thread id/use -> w<n>
    private final Map<String, Integer> laneRequest = new LinkedHashMap<>(); // lane -> k
    private final Map<String, int[]> span = new LinkedHashMap<>();         // lane -> [first, last] step index
    private final Map<String, String> threads = new LinkedHashMap<>();     // Java thread -> t<n>
    private final Set<String> signalLanes = new LinkedHashSet<>();
    private final Map<String, String> substitutions;
    private final String module;

    /**
     * @param name    the trace's name
     * @param events  a run's events in global order (steps of other algorithms are skipped)
     * @param variant what produced them (shown in reports)
     */
    public CompletionTraces(String name, List<RecordedEvent> events, String variant) {
        this(name, events, variant, Map.of());
    }

    /**
     * As {@link #CompletionTraces(String, List, String)}, checked against a spec mutant of
     * {@code CompletionTraceMutants.tla} ({@code UnparkStep <- UnparkNoBit}, say) to show a check can fail.
     */
    public CompletionTraces(String name, List<RecordedEvent> events, String variant, Map<String, String> substitutions) {
        this.name = name;
        this.variant = variant;
        this.substitutions = Map.copyOf(substitutions);
        this.module = substitutions.isEmpty() ? "CompletionTrace" : "CompletionTraceMutants";
        for (RecordedEvent e : events) {
            if (e.step() instanceof CompletionStep s) translate(e, s);
        }
    }

    private void translate(RecordedEvent e, CompletionStep s) {
        int k = requests.computeIfAbsent(s.use(), u -> requests.size() + 1);
        Map<String, String> r = new LinkedHashMap<>();
        String kind = switch (s.kind()) {
            case PEEK -> "Peek";
            case PUBLISH -> "Publish";
            case CHECK -> "Check";
            case RETURN -> "Return";
            case DEREGISTER -> "Deregister";
            case SIGNAL -> "Signal";
            case UNPARK -> "Unpark";
        };
        boolean signalling = s.kind() == Kind.SIGNAL || s.kind() == Kind.UNPARK;
        String lane = signalling ? "s" + k : waitLane(s.thread(), s.use(), k);
        if (signalling) signalLanes.add(lane);
        laneRequest.put(lane, k);
        int index = steps.size();
        Set<String> touched = new LinkedHashSet<>();
        touched.add(lane);
        r.put("k", Tla.str(kind));
        r.put("o", Tla.str(lane));
        if (s.kind() == Kind.CHECK || s.kind() == Kind.UNPARK) r.put("v", Tla.bool(s.value()));
        if (s.kind() == Kind.UNPARK) {
            String w = s.value() ? waitLane(s.waiter(), s.use(), k) : lane;
            r.put("w", Tla.str(w));
            touched.add(w);
        }
        for (String t : touched) {
            span.computeIfAbsent(t, x -> new int[] {index, index})[1] = index;
        }
        String thread = threads.computeIfAbsent(e.thread(), x -> "t" + (threads.size() + 1));
        steps.add(new TraceStep(index + 1, e.seq(), thread, e.thread(), Tla.record(r),
                lane + ": " + s, e.site() == null ? "" : e.site()));
    }

    private String waitLane(long thread, long use, int k) {
        String lane = waitLanes.computeIfAbsent(thread + "/" + use, x -> "w" + (waitLanes.size() + 1));
        laneRequest.put(lane, k);
        return lane;
    }

    @Override public String name() { return name; }

    @Override public TraceRecorder.Algorithm algorithm() { return TraceRecorder.Algorithm.COMPLETION; }

    @Override public String variant() { return variant; }

    @Override public String specFolder() { return "matchtable"; }

    @Override public String traceModule() { return module; }

    /** NoLostWakeup, through NoLostWakeupKept (checked on each step's waits: see CompletionTrace.tla). */
    @Override public List<String> invariants() { return List.of(); }

    @Override public List<String> properties() { return List.of("NoLostWakeupKept"); }

    @Override public List<TraceStep> steps() { return steps; }

    @Override public Map<String, String> substitutions() { return substitutions; }

    /** Its constants are the lanes' names and requests; its substitutions replace actions by mutants only. */
    @Override public boolean batchesAcrossConstants() { return true; }

    @Override public String truncation() { return ""; }

    @Override public Map<String, String> definitions() { return Map.of(); }

    @Override
    public Map<String, String> constants(int from, int to) {
        Set<String> lanes = new LinkedHashSet<>();
        span.forEach((lane, fl) -> {
            if (fl[0] < to && fl[1] >= from) lanes.add(lane);
        });
        List<String> waits = new ArrayList<>();
        List<String> signals = new ArrayList<>();
        Map<String, String> reqOf = new LinkedHashMap<>();
        Map<Integer, List<String>> waitsOf = new TreeMap<>();
        for (String lane : lanes) {
            int k = laneRequest.get(lane);
            List<String> ofK = waitsOf.computeIfAbsent(k, x -> new ArrayList<>());
            if (signalLanes.contains(lane)) {
                signals.add(Tla.str(lane));
            } else {
                waits.add(Tla.str(lane));
                ofK.add(Tla.str(lane));
            }
            reqOf.put(Tla.str(lane), Integer.toString(k));
        }
        Map<String, String> waitsOfFn = new LinkedHashMap<>();
        waitsOf.forEach((k, ws) -> waitsOfFn.put(Integer.toString(k), Tla.set(ws)));
        Map<String, String> k = new LinkedHashMap<>();
        k.put("Waits", Tla.set(waits));
        k.put("Signals", Tla.set(signals));
        k.put("Reqs", Tla.intSet(waitsOf.keySet().stream().mapToInt(Integer::intValue).toArray()));
        k.put("ReqOf", Tla.function(reqOf));
        k.put("WaitsOf", Tla.function(waitsOfFn));
        return k;
    }
}
