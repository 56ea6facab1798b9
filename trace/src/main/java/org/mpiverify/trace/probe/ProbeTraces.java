package org.mpiverify.trace.probe;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.mpiverify.core.trace.ProbeStep;
import org.mpiverify.core.trace.ProbeStep.Kind;
import org.mpiverify.core.trace.RecordedEvent;
import org.mpiverify.core.trace.TraceRecorder;
import org.mpiverify.trace.spi.Tla;
import org.mpiverify.trace.spi.TraceModel;
import org.mpiverify.trace.spi.TraceStep;

/**
 * The probe steps of one rank's one context (one unexpected queue), made ready for
 * {@code specs/probe/ProbeTrace.tla}.
 *
 * <p>What is translated, and why it is sound:
 * <ul>
 *   <li>Senders are the ranks that sent on the context, named {@code r<rank>}; a message is
 *       {@code [src |-> "r<rank>", seq |-> k, tag, size]}, k its place among that sender's arrivals here,
 *       which is how the spec names the k-th message of {@code Sent[s]}. {@code Sent[s]} is what arrived
 *       from s, in arrival order (the spec's per-sender FIFO is then the arrival order; the engines'
 *       non-overtaking is about matching, which the spec checks).</li>
 *   <li>Threads are the receiving Java threads, named {@code t1, t2, ...} in order of first step;
 *       {@code Recvs[t]} is the sequence of the requests of t's probes (or matched probes), wildcards as
 *       the model value {@code Wild}: the program the spec runs is the one the threads ran.</li>
 *   <li>{@code Variant} is "mprobe" if the context's first probe was a matched probe, else "probe".</li>
 *   <li>The spec's threads receive only what they probed first. A receive with no probe before it on its
 *       thread (a plain recv or sendrecv on the same communicator), or a probe of the other variant (the
 *       spec fixes one per queue), is a step Probe.tla does not model: the trace is validated up to the
 *       event before it, and {@link #truncation()} says why (not a rejection: the program is outside the
 *       spec, not wrong).</li>
 * </ul>
 */
public final class ProbeTraces implements TraceModel {
    private final String name;
    private final String variant;
    private final String specVariant;
    private final List<TraceStep> steps = new ArrayList<>();
    private final Map<String, String> lanes = new LinkedHashMap<>();          // Java thread -> t<n>
    private final Map<Integer, List<String>> sent = new TreeMap<>();          // sender -> [tag, size] records
    private final Map<String, List<String>> recvs = new LinkedHashMap<>();   // lane -> requests
    private final Map<String, Boolean> probing = new LinkedHashMap<>();       // lane -> a probe awaits its receive
    private String truncation = "";

    /**
     * @param name    the trace's name
     * @param events  the events of one rank's one context, in global order (other events are skipped)
     * @param variant what produced them (shown in reports)
     */
    public ProbeTraces(String name, List<RecordedEvent> events, String variant) {
        this.name = name;
        this.variant = variant;
        boolean mprobe = false;
        for (RecordedEvent e : events) {
            if (e.step() instanceof ProbeStep s && (s.kind() == Kind.MPROBE || s.kind() == Kind.PROBE)) {
                mprobe = s.kind() == Kind.MPROBE;
                break;
            }
        }
        this.specVariant = mprobe ? "mprobe" : "probe";
        for (RecordedEvent e : events) {
            if (e.step() instanceof ProbeStep s) {
                String outside = outsideSpec(s, mprobe);
                if (outside != null) {
                    truncation = "validated up to event " + steps.size() + ": then " + s.thread() + " " + outside
                            + " (stamp " + e.seq() + "), which Probe.tla does not model";
                    break;
                }
                translate(e, s);
            }
        }
    }

    /** Why {@code s} is a step the spec does not model, or null if it models it. */
    private String outsideSpec(ProbeStep s, boolean mprobe) {
        String lane = lanes.get(s.thread());
        boolean awaits = lane != null && probing.getOrDefault(lane, false);
        return switch (s.kind()) {
            case PROBE -> mprobe ? "probes, on a queue whose threads use matched probes" : null;
            case MPROBE -> mprobe ? null : "uses a matched probe, on a queue whose threads probe";
            case RECV -> mprobe ? "receives without a matched probe" : awaits ? null : "receives without probing first";
            case MRECV -> awaits ? null : "receives a matched message it did not probe";
            case ARRIVE -> null;
        };
    }

    private void translate(RecordedEvent e, ProbeStep s) {
        Map<String, String> r = new LinkedHashMap<>();
        String m = message(s);
        String lane;
        String what;
        if (s.kind() == Kind.ARRIVE) {
            lane = sender(s.source());
            List<String> fromS = sent.computeIfAbsent(s.source(), k -> new ArrayList<>());
            fromS.add("[tag |-> " + s.tag() + ", size |-> " + s.bytes() + "]");
            r.put("k", Tla.str("Arrive"));
            r.put("s", Tla.str(lane));
            r.put("m", m);
            what = "arrives: " + show(s);
        } else {
            lane = lanes.computeIfAbsent(s.thread(), k -> "t" + (lanes.size() + 1));
            recvs.computeIfAbsent(lane, k -> new ArrayList<>());
            String k = switch (s.kind()) {
                case PROBE -> "Probe";
                case RECV -> "Recv";
                case MPROBE -> "Mprobe";
                default -> "Mrecv";
            };
            r.put("k", Tla.str(k));
            r.put("t", Tla.str(lane));
            r.put("m", m);
            if (s.kind() != Kind.MRECV) r.put("r", request(s.reqSource(), s.reqTag()));
            if (s.kind() == Kind.PROBE || s.kind() == Kind.MPROBE) recvs.get(lane).add(request(s.reqSource(), s.reqTag()));
            probing.put(lane, s.kind() == Kind.PROBE || s.kind() == Kind.MPROBE);
            what = s + " [" + s.thread() + "]";
        }
        steps.add(new TraceStep(steps.size() + 1, e.seq(), lane, e.thread(), Tla.record(r), lane + ": " + what,
                e.site() == null ? "" : e.site()));
    }

    private static String show(ProbeStep s) {
        return "r" + s.source() + "#" + s.seq() + " (tag " + s.tag() + ", " + s.bytes() + " B)";
    }

    private static String sender(int rank) {
        return "r" + rank;
    }

    private static String request(int source, int tag) {
        return "[src |-> " + (source == -2 ? "Wild" : Tla.str(sender(source))) + ", tag |-> "
                + (tag == -1 ? "Wild" : Integer.toString(tag)) + "]";
    }

    /** The message as a record (a value TLC reads as data). */
    private static String message(ProbeStep s) {
        return "[src |-> " + Tla.str(sender(s.source())) + ", seq |-> " + s.seq() + ", tag |-> " + s.tag()
                + ", size |-> " + s.bytes() + "]";
    }

    @Override public String name() { return name; }

    @Override public TraceRecorder.Algorithm algorithm() { return TraceRecorder.Algorithm.PROBE; }

    @Override public String variant() { return variant; }

    @Override public String specFolder() { return "probe"; }

    @Override public String traceModule() { return "ProbeTrace"; }

    /**
     * NoFalseMatch and ExactlyOnce (as ExactlyOnceOverAll, across the spec's history windows) in every state;
     * AtMostOnce and NonOvertaking through LogAppendsOK. A truncated trace is a prefix of the run (its threads'
     * later requests are not in {@code Recvs}), so ExactlyOnce, a property of a finished run, is not checked on it.
     */
    @Override
    public List<String> invariants() {
        return truncation.isEmpty() ? List.of("NoFalseMatch", "ExactlyOnceOverAll") : List.of("NoFalseMatch");
    }

    /** The spec's AtMostOnce and NonOvertaking, checked on each entry appended to the log (see ProbeTrace). */
    @Override public List<String> properties() { return List.of("LogAppendsOK"); }

    @Override public List<TraceStep> steps() { return steps; }

    @Override public List<String> modelValues() { return List.of("Wild"); }

    @Override public String truncation() { return truncation; }

    /** "probe" or "mprobe": the spec's Variant for this queue. */
    public String specVariant() {
        return specVariant;
    }

    @Override public Map<String, String> definitions() { return Map.of(); }

    /** ProbeTrace reads the events as data and restarts its history every {@code Rebase} events. */
    @Override public boolean readsTraceAsData() { return true; }

    @Override
    public Map<String, String> constants(int from, int to) {
        Map<String, String> k = new LinkedHashMap<>();
        k.put("Threads", Tla.set(lanes.values().stream().map(Tla::str).toList()));
        k.put("Senders", Tla.set(sent.keySet().stream().map(s -> Tla.str(sender(s))).toList()));
        k.put("Variant", Tla.str(specVariant));
        return k;
    }

    /** Sent and Recvs: as long as the trace, so read as data (a record: senders r<n> and lanes t<n> are names). */
    @Override
    public Map<String, String> dataConstants() {
        Map<String, String> k = new LinkedHashMap<>();
        Map<String, String> sentFn = new LinkedHashMap<>();
        sent.forEach((s, ms) -> sentFn.put(sender(s), "<<" + String.join(", ", ms) + ">>"));
        k.put("Sent", record(sentFn));
        Map<String, String> recvFn = new LinkedHashMap<>();
        recvs.forEach((t, rs) -> recvFn.put(t, "<<" + String.join(", ", rs) + ">>"));
        k.put("Recvs", record(recvFn));
        return k;
    }

    /** A record of the fields given, or the empty function (as an empty sequence) if there are none. */
    private static String record(Map<String, String> fields) {
        return fields.isEmpty() ? "<<>>" : Tla.record(fields);
    }
}
