package org.mpiverify.trace.matching;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.mpiverify.core.trace.MatchingStep;
import org.mpiverify.core.trace.MatchingStep.Kind;
import org.mpiverify.core.trace.RecordedEvent;
import org.mpiverify.core.trace.TraceRecorder;
import org.mpiverify.trace.spi.Tla;
import org.mpiverify.trace.spi.TraceModel;
import org.mpiverify.trace.spi.TraceStep;

/**
 * The matching steps of one rank's engine in one run, made ready for {@code specs/matching/MatchingTrace.tla}.
 *
 * <p>What is translated, and why it is sound:
 * <ul>
 *   <li>One trace per rank: the spec models one process's engine, all its contexts together
 *       ({@code Contexts} = the contexts the trace names).</li>
 *   <li>A receive is named by the stamp of its POST (or TAKE) step, a message by the stamp of its ARRIVE
 *       step; both are renumbered 1, 2, ... in stamp order, which keeps every order the spec compares
 *       (message ids: arrival order, hence a sender's send order). A step that names a receive or a
 *       message the trace never brought in gets a fresh id, which no spec step can take (rejected).</li>
 *   <li>Sources and tags are kept, the wildcards as the spec's {@code AnySource} (-2) and {@code AnyTag}
 *       (-1), the values of {@code MatchingEngine.ANY_SOURCE} and {@code ANY_TAG}.</li>
 * </ul>
 */
public final class MatchingTraces implements TraceModel {
    private final String name;
    private final String variant;
    private final List<TraceStep> steps = new ArrayList<>();
    private final TreeSet<Integer> contexts = new TreeSet<>();

    /**
     * @param name    the trace's name
     * @param variant the engine that produced it (shown in reports)
     * @param rank    the rank whose steps these are (others' are skipped)
     * @param events  a run's recorded events, in global order (other algorithms' are skipped)
     */
    public MatchingTraces(String name, String variant, int rank, List<RecordedEvent> events) {
        this.name = name;
        this.variant = variant;
        List<RecordedEvent> mine = new ArrayList<>();
        for (RecordedEvent e : events) {
            if (e.step() instanceof MatchingStep s && s.process() == rank) mine.add(e);
        }
        translate(mine);
    }

    /** The ranks that took matching steps in {@code events}, ascending. */
    public static List<Integer> ranks(List<RecordedEvent> events) {
        TreeSet<Integer> r = new TreeSet<>();
        for (RecordedEvent e : events) {
            if (e.step() instanceof MatchingStep s) r.add(s.process());
        }
        return List.copyOf(r);
    }

    @Override public String name() { return name; }

    @Override public TraceRecorder.Algorithm algorithm() { return TraceRecorder.Algorithm.MATCHING; }

    @Override public String variant() { return variant; }

    @Override public String specFolder() { return "matching"; }

    @Override public String traceModule() { return "MatchingTrace"; }

    /** The promises of MpiMatching over Matching's refinement mapping, and the engine's own NoLoss. */
    @Override public List<String> invariants() {
        return List.of("MatchesFit", "MatchedOnce", "CancelExclusive", "NoMatchLeft", "NoLoss");
    }

    @Override public List<String> properties() { return List.of("NonOvertaking"); }

    @Override public List<TraceStep> steps() { return steps; }

    @Override public Map<String, String> definitions() { return Map.of(); }

    @Override public String truncation() { return ""; }

    /** MatchingTrace reads the events as data and restarts its history itself (a Rebase step). */
    @Override public boolean readsTraceAsData() { return true; }

    @Override
    public Map<String, String> constants(int from, int to) {
        Map<String, String> k = new LinkedHashMap<>();
        k.put("Contexts", Tla.set(contexts.stream().map(String::valueOf).toList()));
        k.put("Msgs", "{}");
        k.put("Recvs", "{}");
        k.put("CanCancel", "TRUE");
        return k;
    }

    private void translate(List<RecordedEvent> events) {
        Map<Long, Integer> receives = new HashMap<>();
        Map<Long, Integer> messages = new HashMap<>();
        int[] next = {0, 0};   // last receive id, last message id given
        for (RecordedEvent e : events) {
            MatchingStep s = (MatchingStep) e.step();
            contexts.add(s.context());
            Map<String, String> r = new LinkedHashMap<>();
            String what;
            switch (s.kind()) {
                case POST, TAKE -> {
                    int rid = receives.computeIfAbsent(s.receive(), x -> ++next[0]);
                    int mid = s.message() == 0 ? 0 : messages.computeIfAbsent(s.message(), x -> ++next[1]);
                    r.put("k", Tla.str(s.kind() == Kind.POST ? "Post" : "Take"));
                    r.put("r", item(rid, s));
                    r.put("m", Integer.toString(mid));
                    String pattern = pattern(s);
                    what = s.kind() == Kind.POST
                            ? "post r" + rid + " " + pattern + (mid == 0 ? ": posted" : ": takes m" + mid)
                            : "take " + pattern + (mid == 0 ? ": none" : ": takes m" + mid);
                }
                case ARRIVE -> {
                    int mid = messages.computeIfAbsent(s.message(), x -> ++next[1]);
                    int rid = s.receive() == 0 ? 0 : receives.computeIfAbsent(s.receive(), x -> ++next[0]);
                    r.put("k", Tla.str("Arrive"));
                    r.put("m", item(mid, s));
                    r.put("r", Integer.toString(rid));
                    what = "arrive m" + mid + " " + pattern(s) + (rid == 0 ? ": queued" : ": takes r" + rid);
                }
                case CANCEL -> {
                    int rid = receives.computeIfAbsent(s.receive(), x -> ++next[0]);
                    r.put("k", Tla.str("Cancel"));
                    r.put("r", item(rid, s));
                    r.put("ok", Tla.bool(s.flag()));
                    what = "cancel r" + rid + (s.flag() ? ": removed" : ": not posted");
                }
                case MODE -> {
                    r.put("k", Tla.str("Mode"));
                    r.put("ctx", Integer.toString(s.context()));
                    r.put("wild", Tla.bool(s.flag()));
                    what = "context " + s.context() + (s.flag() ? " goes wild" : " goes back to fast");
                }
                default -> throw new IllegalStateException("unknown step " + s);
            }
            steps.add(new TraceStep(steps.size() + 1, e.seq(), e.thread(), e.thread(), Tla.record(r),
                    "rank " + s.process() + ": " + what, e.site() == null ? "" : e.site()));
        }
    }

    private static String item(int id, MatchingStep s) {
        return "[id |-> " + id + ", ctx |-> " + s.context() + ", src |-> " + s.source() + ", tag |-> " + s.tag() + "]";
    }

    private static String pattern(MatchingStep s) {
        return "(ctx " + s.context() + ", src " + (s.source() == -2 ? "ANY" : s.source()) + ", tag "
                + (s.tag() == -1 ? "ANY" : s.tag()) + ")";
    }

    @Override
    public String toString() {
        return name + ": " + steps.size() + " events, contexts " + contexts.stream().map(String::valueOf)
                .collect(Collectors.joining(", "));
    }
}
