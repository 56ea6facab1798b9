package org.mpiverify.trace.completion;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.mpiverify.core.trace.RecordedEvent;
import org.mpiverify.core.trace.TableStep;
import org.mpiverify.core.trace.TraceRecorder;
import org.mpiverify.trace.spi.Tla;
import org.mpiverify.trace.spi.TraceModel;
import org.mpiverify.trace.spi.TraceStep;

/**
 * The inserts and empties of one match table, made ready for {@code specs/matchtable/AtomicMapTrace.tla}.
 *
 * <p>What is translated:
 * <ul>
 *   <li>A key {@code k} is {@code "k<k>"}; a value is {@code "v<n>"} (n in order of first appearance, by
 *       identity: the table compares values by identity too); ⊥ is {@code "bot"}.</li>
 *   <li>A caller {@code c<n>} is one Java thread; it is also the lane of the sequence diagram.</li>
 * </ul>
 *
 * <p>Windows: a window's keys and callers are those whose steps (first to last) overlap it; a key of the
 * window's start state that is not among them has no step left, so dropping it changes no later step.
 */
public final class TableTraces implements TraceModel {
    private final String name;
    private final String variant;
    private final List<TraceStep> steps = new ArrayList<>();
    private final Map<Object, String> values = new IdentityHashMap<>();
    private final Map<Long, String> callers = new LinkedHashMap<>();          // thread id -> c<n>
    private final Map<String, int[]> keySpan = new LinkedHashMap<>();        // "k<k>" -> [first, last] step
    private final Map<String, int[]> callerSpan = new LinkedHashMap<>();
    private final List<Set<String>> stepValues = new ArrayList<>();

    /**
     * @param name    the trace's name
     * @param events  a run's events in global order; only {@code table}'s steps are taken
     * @param table   the table's name in the recorder ({@link TableStep#table()})
     * @param variant what produced them (shown in reports)
     */
    public TableTraces(String name, List<RecordedEvent> events, long table, String variant) {
        this.name = name;
        this.variant = variant;
        for (RecordedEvent e : events) {
            if (e.step() instanceof TableStep s && s.table() == table) translate(e, s);
        }
    }

    /** The tables that took a step in {@code events}, in order of first step. */
    public static List<Long> tables(List<RecordedEvent> events) {
        Set<Long> ids = new LinkedHashSet<>();
        for (RecordedEvent e : events) if (e.step() instanceof TableStep s) ids.add(s.table());
        return List.copyOf(ids);
    }

    private void translate(RecordedEvent e, TableStep s) {
        int index = steps.size();
        String caller = callers.computeIfAbsent(s.thread(), x -> "c" + (callers.size() + 1));
        String key = "k" + s.key();
        Map<String, String> r = new LinkedHashMap<>();
        Set<String> used = new LinkedHashSet<>();
        r.put("k", Tla.str(s.kind() == TableStep.Kind.INSERT ? "Insert" : "Empty"));
        r.put("c", Tla.str(caller));
        r.put("key", Tla.str(key));
        if (s.kind() == TableStep.Kind.INSERT) {
            String v = value(s.value());
            r.put("v", Tla.str(v));
            used.add(v);
        }
        String result = value(s.result());
        r.put("r", Tla.str(result));
        if (s.result() != null) used.add(result);
        stepValues.add(used);
        keySpan.computeIfAbsent(key, x -> new int[] {index, index})[1] = index;
        callerSpan.computeIfAbsent(caller, x -> new int[] {index, index})[1] = index;
        String description = caller + ": " + (s.kind() == TableStep.Kind.INSERT
                ? "insert(" + key + ", " + named(s.value()) + ") returns " + (s.result() == s.value() ? "it: stored"
                        : named(s.result()))
                : "empty(" + key + ") removes " + (s.result() == null ? "nothing (bot)" : named(s.result())));
        steps.add(new TraceStep(index + 1, e.seq(), caller, e.thread(), Tla.record(r), description,
                e.site() == null ? "" : e.site()));
    }

    /** The spec's name of {@code v}: "bot" for null, else v1, v2, ... by identity. */
    private String value(Object v) {
        return v == null ? "bot" : values.computeIfAbsent(v, x -> "v" + (values.size() + 1));
    }

    /** {@code v}'s spec name and text, for descriptions: {@code v3 (r0-t1-i5)}. */
    private String named(Object v) {
        return value(v) + " (" + v + ")";
    }

    @Override public String name() { return name; }

    @Override public TraceRecorder.Algorithm algorithm() { return TraceRecorder.Algorithm.COMPLETION; }

    @Override public String variant() { return variant; }

    @Override public String specFolder() { return "matchtable"; }

    @Override public String traceModule() { return "AtomicMapTrace"; }

    /** AtomicMap has no invariant to check: equation (3) holds by construction (see AtomicMapTrace.tla). */
    @Override public List<String> invariants() { return List.of(); }

    @Override public List<String> properties() { return List.of(); }

    @Override public List<TraceStep> steps() { return steps; }

    @Override public String truncation() { return ""; }

    @Override public Map<String, String> definitions() { return Map.of(); }

    @Override
    public Map<String, String> constants(int from, int to) {
        List<String> keys = new ArrayList<>();
        keySpan.forEach((k, fl) -> {
            if (fl[0] < to && fl[1] >= from) keys.add(Tla.str(k));
        });
        List<String> cs = new ArrayList<>();
        callerSpan.forEach((c, fl) -> {
            if (fl[0] < to && fl[1] >= from) cs.add(Tla.str(c));
        });
        Set<String> vs = new LinkedHashSet<>();
        for (int i = from; i < to && i < stepValues.size(); i++) vs.addAll(stepValues.get(i));
        Map<String, String> k = new LinkedHashMap<>();
        k.put("Keys", Tla.set(keys));
        k.put("Callers", Tla.set(cs));
        k.put("Values", Tla.set(vs.stream().map(Tla::str).toList()));
        return k;
    }
}
