package org.mpiverify.trace.progress;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.mpiverify.core.trace.ProgressStep;
import org.mpiverify.core.trace.ProgressStep.Kind;
import org.mpiverify.core.trace.RecordedEvent;
import org.mpiverify.core.trace.TraceRecorder;
import org.mpiverify.trace.spi.Tla;
import org.mpiverify.trace.spi.TraceModel;
import org.mpiverify.trace.spi.TraceStep;

/**
 * The progress-engine steps of one rank, made ready for {@code specs/progress/ProgressTrace.tla}.
 *
 * <p>What is translated:
 * <ul>
 *   <li>The engine's threads are {@code t1, t2, ...} in order of first step; a completer's steps (one call of
 *       {@code transferDone}) are a lane {@code l1, l2, ...}, whose owner is the operation whose transfer
 *       completed ({@code NoSched}: none in particular).</li>
 *   <li>Requests are {@code q<n>} (the recording's numbering); those an engine started are the spec's
 *       {@code Sched}, the others its {@code P2P}.</li>
 *   <li>Each thread's calls ({@code Prog}) are counted: a wait's first look, a test, a start; the spec needs
 *       only their number (a thread is done after its last).</li>
 * </ul>
 *
 * <p>Windows: a window's operations, requests and lanes are those whose steps overlap it, where a request's
 * steps run from the first to the last event that names it, stretched over every call that waits on it, every
 * pass that began while it was active, and, for an operation never dropped, to the end. A state variable of
 * the window's start that names anything else refers to something with no step left, and the spec's restore
 * drops it (ProgressTrace's TraceInit).
 *
 * <p>A standby that polls more than one of its own operations in one look ({@code waitAny} over several
 * nonblocking operations) is outside the spec (its {@code OwnPoll} takes one): the trace ends before that
 * event, and {@link #truncation()} says so.
 */
public final class ProgressTraces implements TraceModel {
    private final String name;
    private final String variant;
    private final Map<String, String> substitutions;
    private final List<TraceStep> steps = new ArrayList<>();
    private final Map<Long, String> threads = new LinkedHashMap<>();
    private final Map<Long, String> lanes = new LinkedHashMap<>();
    private final Map<String, String> laneOwner = new LinkedHashMap<>();
    private final Set<String> scheds = new LinkedHashSet<>();
    private final Map<String, int[]> span = new LinkedHashMap<>();     // request or lane -> [first, last]
    private final Map<String, Integer> calls = new LinkedHashMap<>(); // thread -> calls begun
    private String truncation = "";
    /**
     * Whether the engine's start of the first outstanding operation wakes the rank's blocked threads (MPI's
     * progress rule, {@code ProgressEngine.tla}'s SWake): it does, so the spec takes that step after such a
     * start's signal, and a start recorded without it, or with it when another operation was outstanding, is
     * rejected.
     */
    static final boolean WAKE_ON_FIRST_START = true;

    // translation state per thread: the call and the pass it is in
    private final Map<String, String> callKind = new HashMap<>();
    private final Map<String, Integer> callStart = new HashMap<>();
    private final Map<String, Set<String>> callTargets = new HashMap<>();
    private final Map<String, Integer> passStart = new HashMap<>();
    private final Map<String, Set<String>> passActive = new HashMap<>();
    private final Set<String> active = new LinkedHashSet<>();
    private final Set<String> firstStart = new HashSet<>();   // threads whose start made the first outstanding one

    /**
     * @param name    the trace's name
     * @param events  a run's events in global order (other ranks' and other algorithms' are skipped)
     * @param rank    the world rank whose engine this is
     * @param variant what produced them (shown in reports)
     */
    public ProgressTraces(String name, List<RecordedEvent> events, int rank, String variant) {
        this(name, events, rank, variant, Map.of());
    }

    /**
     * As {@link #ProgressTraces(String, List, int, String)}, checked against a spec mutant of
     * {@code ProgressTraceMutants.tla} ({@code Ring <- RingNoUnpark}, say) to show that a check can fail.
     */
    public ProgressTraces(String name, List<RecordedEvent> events, int rank, String variant,
                          Map<String, String> substitutions) {
        this.name = name;
        this.variant = variant;
        this.substitutions = Map.copyOf(substitutions);
        for (RecordedEvent e : events) {
            if (e.step() instanceof ProgressStep s && s.rank() == rank && s.kind() == Kind.START) scheds.add(req(s.subject()));
        }
        for (RecordedEvent e : events) {
            if (!(e.step() instanceof ProgressStep s) || s.rank() != rank) continue;
            if (!translate(e, s)) break;
        }
        int end = steps.size() - 1;
        for (String s : active) touch(s, end);                              // never dropped: to the end
        callTargets.forEach((t, targets) -> {                               // calls still going on: to the end
            if (targets != null) for (String r : targets) stretch(r, callStart.get(t), end);
        });
        passActive.forEach((t, ss) -> {
            if (ss != null) for (String s : ss) stretch(s, passStart.get(t), end);
        });
    }

    /** The ranks whose engine took a step in {@code events}, in order. */
    public static List<Integer> ranks(List<RecordedEvent> events) {
        Set<Integer> out = new LinkedHashSet<>();
        for (RecordedEvent e : events) if (e.step() instanceof ProgressStep s) out.add(s.rank());
        return List.copyOf(out);
    }

    private static String req(long id) {
        return "q" + id;
    }

    private String thread(long id) {
        return threads.computeIfAbsent(id, x -> "t" + (threads.size() + 1));
    }

    private String who(long id) {
        return id == 0 ? "None" : Tla.str(thread(id));
    }

    private void touch(String x, int index) {
        span.computeIfAbsent(x, k -> new int[] {index, index})[1] = Math.max(span.get(x)[1], index);
        span.get(x)[0] = Math.min(span.get(x)[0], index);
    }

    private void stretch(String x, int from, int to) {
        touch(x, from);
        touch(x, to);
    }

    private void beginCall(String t, String kind, Set<String> targets, int index) {
        calls.merge(t, 1, Integer::sum);
        callKind.put(t, kind);
        callStart.put(t, index);
        callTargets.put(t, targets);
    }

    private void endCall(String t, int index) {
        Set<String> targets = callTargets.put(t, null);
        if (targets != null) for (String r : targets) stretch(r, callStart.get(t), index);
        callKind.remove(t);
    }

    /** Translates one step; false if the trace ends before it (outside the spec). */
    private boolean translate(RecordedEvent e, ProgressStep s) {
        int index = steps.size();
        boolean laneStep = s.kind() == Kind.TELL || s.kind() == Kind.ROUTE || s.kind() == Kind.RING;
        String who = laneStep ? lanes.computeIfAbsent(s.lane(), x -> "l" + (lanes.size() + 1)) : thread(s.thread());
        Map<String, String> r = new LinkedHashMap<>();
        String sub = s.subject() == 0 ? "NoSched" : Tla.str(req(s.subject()));
        boolean v = (s.value() & 1) != 0;
        String kind;
        switch (s.kind()) {
            case LOOK -> {
                kind = "Look";
                Set<String> targets = new LinkedHashSet<>();
                for (long id : s.ids()) targets.add(req(id));
                r.put("ids", Tla.set(targets.stream().map(Tla::str).toList()));
                r.put("v", Tla.bool(v));
                if (!"wait".equals(callKind.get(who))) beginCall(who, "wait", targets, index);
                for (String q : targets) touch(q, index);
                if (v) endCall(who, index);
            }
            case CLAIM -> {
                kind = "Claim";
                r.put("v", Tla.bool(v));
            }
            case TICKET -> {
                kind = "Ticket";
                r.put("v", Long.toString(s.value()));
                passStart.put(who, index);
                passActive.put(who, new LinkedHashSet<>(active));
            }
            case TEST -> {
                kind = "Test";
                beginCall(who, "test", Set.of(), index);
                passStart.put(who, index);
                passActive.put(who, new LinkedHashSet<>(active));
            }
            case POLL, SPIN_POLL, OWN_POLL -> {
                kind = s.kind() == Kind.POLL ? "Poll" : s.kind() == Kind.SPIN_POLL ? "SpinPoll" : "OwnPoll";
                if ((s.value() & 2) != 0) {
                    truncation = "validated up to event " + index + ": then " + who + " polls a second operation of its"
                            + " own in one look (waitAny over several nonblocking operations), which the spec's OwnPoll"
                            + " does not take";
                    return false;
                }
                r.put("s", sub);
                r.put("v", Tla.bool(v));
                if (s.subject() != 0) touch(req(s.subject()), index);
            }
            case DROP -> {
                kind = "Drop";
                r.put("s", sub);
                r.put("v", Tla.bool(v));
                touch(req(s.subject()), index);
                if (v) active.remove(req(s.subject()));
            }
            case PASS_END -> {
                kind = "PassEnd";
                r.put("v", Tla.bool(v));
                Set<String> was = passActive.put(who, null);
                if (was != null) for (String q : was) stretch(q, passStart.get(who), index);
                if ("test".equals(callKind.get(who))) endCall(who, index);
            }
            case REGISTER -> {
                kind = "Register";
                List<String> held = new ArrayList<>();
                for (long id : s.ids()) {
                    held.add(Tla.str(req(id)));
                    touch(req(id), index);
                }
                r.put("ids", Tla.set(held));
                r.put("v", Long.toString(s.value()));
            }
            case PUBLISH -> kind = "Publish";
            case RECHECK -> {
                kind = "Recheck";
                r.put("v", Tla.bool(v));
            }
            case RETURN -> kind = "Return";
            case UNREGISTER -> kind = "Unregister";
            case LEAVE -> kind = "Leave";
            case WAKE -> {
                kind = "Wake";
                List<String> woken = new ArrayList<>();
                for (long id : s.ids()) woken.add(Tla.str(thread(id)));
                r.put("ids", Tla.set(woken));
            }
            case ENLIST -> kind = "Enlist";
            case STANDBY_CHECK -> {
                kind = "SCheck";
                r.put("v", Tla.bool(v));
            }
            case STANDBY_LEAVE -> kind = "SLeave";
            case START -> {
                kind = "Start";
                String q = req(s.subject());
                r.put("s", Tla.str(q));
                r.put("v", Tla.bool(v));
                beginCall(who, "start", Set.of(q), index);
                touch(q, index);
                if (v) endCall(who, index);
            }
            case ADD -> {
                if (v && WAKE_ON_FIRST_START) firstStart.add(who);
                kind = "Add";
                r.put("s", sub);
                r.put("v", Tla.bool(v));
                touch(req(s.subject()), index);
                active.add(req(s.subject()));
            }
            case START_TELL -> kind = "STell";
            case START_RING -> {
                kind = "SRing";
                r.put("p", s.ids().length == 0 ? "None" : who(s.ids()[0]));
                if (!firstStart.remove(who)) endCall(who, index);
            }
            case START_WAKE -> {
                kind = "SWake";
                endCall(who, index);
            }
            case TELL -> {
                kind = "Tell";
                String owner = s.subject() != 0 && scheds.contains(req(s.subject())) ? req(s.subject()) : null;
                laneOwner.put(who, owner == null ? "NoSched" : Tla.str(owner));
                if (owner != null) touch(owner, index);
            }
            case ROUTE -> {
                kind = "Route";
                r.put("v", Tla.bool(v));
                r.put("p", s.ids().length == 0 ? "None" : who(s.ids()[0]));
            }
            case RING -> {
                kind = "Ring";
                r.put("p", s.ids().length == 0 ? "None" : who(s.ids()[0]));
            }
            default -> throw new IllegalStateException("no translation for " + s.kind());
        }
        if (laneStep) touch(who, index);
        Map<String, String> record = new LinkedHashMap<>();
        record.put("k", Tla.str(kind));
        record.put("t", Tla.str(who));
        record.putAll(r);
        steps.add(new TraceStep(index + 1, e.seq(), who, e.thread(), Tla.record(record), who + ": " + s,
                e.site() == null ? "" : e.site()));
        return true;
    }

    @Override public String name() { return name; }

    @Override public TraceRecorder.Algorithm algorithm() { return TraceRecorder.Algorithm.PROGRESS; }

    @Override public String variant() { return variant; }

    @Override public String specFolder() { return "progress"; }

    @Override public String traceModule() { return substitutions.isEmpty() ? "ProgressTrace" : "ProgressTraceMutants"; }

    @Override public Map<String, String> substitutions() { return substitutions; }

    /** TypeOK, and the promise's safety half: NoLostProgress. */
    @Override public List<String> invariants() { return List.of("TypeOK", "NoLostProgress"); }

    @Override public List<String> properties() { return List.of(); }

    @Override public List<TraceStep> steps() { return steps; }

    @Override public List<String> modelValues() { return List.of("None", "NoSched"); }

    @Override public String truncation() { return truncation; }

    @Override public Map<String, String> definitions() { return Map.of(); }

    @Override
    public Map<String, String> constants(int from, int to) {
        List<String> sched = new ArrayList<>();
        List<String> p2p = new ArrayList<>();
        List<String> laneNames = new ArrayList<>();
        Map<String, String> owners = new LinkedHashMap<>();
        span.forEach((x, fl) -> {
            if (fl[0] >= to || fl[1] < from) return;
            if (laneOwner.containsKey(x)) {
                laneNames.add(Tla.str(x));
                owners.put(Tla.str(x), laneOwner.get(x));
            } else if (scheds.contains(x)) {
                sched.add(Tla.str(x));
            } else if (!x.startsWith("l")) {
                p2p.add(Tla.str(x));
            }
        });
        // a lane's owner is one of the window's operations: the owner's span covers the lane's Tell
        Map<String, String> prog = new LinkedHashMap<>();
        for (String t : threads.values()) {
            prog.put(Tla.str(t), "[i \\in 1.." + calls.getOrDefault(t, 0) + " |-> [op |-> \"wait\", on |-> NoSched]]");
        }
        Map<String, String> k = new LinkedHashMap<>();
        k.put("Threads", Tla.set(threads.values().stream().map(Tla::str).toList()));
        k.put("Sched", Tla.set(sched));
        k.put("P2P", Tla.set(p2p));
        k.put("Steps", "[s \\in MC_Sched |-> 0]");
        k.put("Dep", "[r \\in MC_P2P |-> NoSched]");
        k.put("Prog", Tla.function(prog));
        k.put("Lanes", Tla.set(laneNames));
        k.put("LaneOwner", Tla.function(owners));
        k.put("Begun", "{}");
        k.put("WakeOnFirstStart", Tla.bool(WAKE_ON_FIRST_START));
        return k;
    }
}
