package org.mpiverify.locks.report;

import java.net.InetAddress;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.mpiverify.locks.runtime.AuditState;
import org.mpiverify.locks.runtime.CallStats;
import org.mpiverify.locks.runtime.CallTable;
import org.mpiverify.locks.runtime.Edge;
import org.mpiverify.locks.runtime.EdgeLabel;
import org.mpiverify.locks.runtime.Findings;
import org.mpiverify.locks.runtime.LockNode;
import org.mpiverify.locks.runtime.Site;
import org.mpiverify.locks.runtime.Sites;
import org.mpiverify.locks.runtime.Snapshot;

/**
 * The report of one JVM's run: {@code out/locks/NAME.json} (the contract the dashboard and the tests
 * read) and {@code NAME.md} (the same for a person). Built from a consistent-enough snapshot of the
 * runtime state: the graph is copied under its lock, counters are summed, live threads are read racily.
 *
 * <p>A finding on a semaphore used as a signal (released by threads that held none of its permits), or on
 * a lock released by a thread the agent had not seen acquire it, is not a finding: "held" and "leaked"
 * mean nothing for it. Such findings are listed as notes.
 */
public final class LockReport {
    /** How the run was started, for the report's header. */
    public record Run(String name, long pid, String command, String options, Instant started, double seconds,
                      boolean last, String commit, boolean dirty) {
    }

    private final Run run;
    private final InstrumentationSummary instrumentation;
    private final List<Edge> edges;
    private final List<CycleAnalysis.Cycle> cycles;
    private final boolean cyclesTruncated;
    private final List<Findings.HeldAcrossBlocking> held = new ArrayList<>();
    private final List<Findings.Leak> leaks = new ArrayList<>();
    private final List<Findings.HeldAcrossBlocking> heldNotes = new ArrayList<>();
    private final List<Findings.Leak> leakNotes = new ArrayList<>();
    private final List<Findings.Pinning> pinning;
    private final List<CallStats> calls;
    private final List<Snapshot.Blocked> blockedNow;
    private final Map<Integer, LockNode> referenced = new TreeMap<>();

    public LockReport(Run run, InstrumentationSummary instrumentation) {
        this.run = run;
        this.instrumentation = instrumentation;
        this.edges = AuditState.graph().snapshot();
        this.edges.sort(Comparator.comparingInt((Edge e) -> e.from().id()).thenComparingInt(e -> e.to().id()));
        CycleAnalysis analysis = new CycleAnalysis(edges);
        this.cycles = analysis.cycles();
        this.cyclesTruncated = analysis.truncated();
        Findings f = AuditState.findings();
        for (Findings.HeldAcrossBlocking h : f.held()) {
            (notALock(h.lock()) ? heldNotes : held).add(h);
        }
        for (Findings.Leak l : f.leaks()) {
            (notALock(l.lock()) ? leakNotes : leaks).add(l);
        }
        held.sort(Comparator.comparingLong((Findings.HeldAcrossBlocking h) -> -h.count().sum()));
        leaks.sort(Comparator.comparingLong((Findings.Leak l) -> -l.count().sum()));
        this.pinning = f.pinning();
        this.calls = CallTable.all();
        this.blockedNow = Snapshot.blockedNow();
        for (Edge e : edges) {
            referenced.put(e.from().id(), e.from());
            referenced.put(e.to().id(), e.to());
        }
        for (Findings.HeldAcrossBlocking h : f.held()) {
            referenced.put(h.lock().id(), h.lock());
        }
        for (Findings.Leak l : f.leaks()) {
            referenced.put(l.lock().id(), l.lock());
        }
        for (Snapshot.Blocked b : blockedNow) {
            if (b.lock() != null) {
                referenced.put(b.lock().id(), b.lock());
            }
            b.holding().forEach(n -> referenced.put(n.id(), n));
        }
    }

    private static boolean notALock(LockNode n) {
        return n.signalStyle() || n.releasedByOtherThread();
    }

    public List<CycleAnalysis.Cycle> potentialDeadlocks() {
        return cycles.stream().filter(c -> c.verdict() == CycleAnalysis.Verdict.POTENTIAL_DEADLOCK).toList();
    }

    /** Potential deadlocks, locks held across blocking, leaks and pinnings inside calls. */
    public int findingCount() {
        return potentialDeadlocks().size() + held.size() + leaks.size() + pinning.size();
    }

    // ---- JSON ----------------------------------------------------------------------------------------

    public String json() {
        JsonWriter w = new JsonWriter().beginObject();
        w.field("tool", "mpiverify-locks").field("format", 1);
        provenance(w);
        w.name("run").beginObject()
                .field("name", run.name()).field("pid", run.pid()).field("command", run.command())
                .field("options", run.options()).field("started", run.started().toString())
                .field("seconds", run.seconds()).field("final", run.last()).endObject();
        w.name("summary").beginObject()
                .field("findings", findingCount())
                .field("potentialDeadlocks", potentialDeadlocks().size())
                .field("heldAcrossBlocking", held.size())
                .field("leaked", leaks.size())
                .field("pinnedInCalls", pinning.size())
                .field("pinnedOutsideCalls", AuditState.findings().pinnedOutsideCalls())
                .field("cycles", cycles.size())
                .field("cyclesTruncated", cyclesTruncated)
                .field("locksSeen", AuditState.nodes().size())
                .field("edges", edges.size())
                .field("internalErrors", AuditState.internalErrors())
                .field("firstInternalError", AuditState.firstInternalError())
                .endObject();
        w.name("instrumentation").beginObject()
                .field("classes", instrumentation.classes())
                .field("entryMethods", instrumentation.entryMethods())
                .field("sites", Sites.count())
                .strings("entryPoints", instrumentation.entryPoints())
                .strings("failures", instrumentation.failures())
                .strings("skipped", instrumentation.skipped())
                .endObject();
        callsJson(w);
        w.name("locks").beginArray();
        for (LockNode n : referenced.values()) {
            lockJson(w, n);
        }
        w.endArray();
        w.name("edges").beginArray();
        for (Edge e : edges) {
            w.beginObject().field("from", e.from().id()).field("to", e.to().id())
                    .field("droppedLabels", e.droppedLabels());
            w.name("labels").beginArray();
            for (EdgeLabel l : e.labels()) {
                labelJson(w, l);
            }
            w.endArray().endObject();
        }
        w.endArray();
        w.name("cycles").beginArray();
        for (CycleAnalysis.Cycle c : cycles) {
            w.beginObject().field("verdict", c.verdict().name());
            w.name("locks").beginArray();
            c.locks().forEach(n -> w.value(n.id()));
            w.endArray();
            w.name("gates").beginArray();
            c.gates().forEach(g -> w.value(g));
            w.endArray();
            w.name("edges").beginArray();
            for (int i = 0; i < c.edges().size(); i++) {
                Edge e = c.edges().get(i);
                w.beginObject().field("from", e.from().id()).field("to", e.to().id());
                w.name("label");
                labelJson(w, c.labels().get(i));
                w.endObject();
            }
            w.endArray().endObject();
        }
        w.endArray();
        w.name("findings").beginObject();
        w.name("heldAcrossBlocking").beginArray();
        held.forEach(h -> heldJson(w, h));
        w.endArray();
        w.name("leaked").beginArray();
        leaks.forEach(l -> leakJson(w, l));
        w.endArray();
        w.name("pinning").beginArray();
        for (Findings.Pinning p : pinning) {
            w.beginObject().field("call", CallTable.name(p.callId())).field("reason", p.reason())
                    .field("blockingOperation", p.blockingOperation()).field("thread", p.thread())
                    .field("count", p.count().sum()).field("totalNanos", p.totalNanos().sum())
                    .strings("stack", p.stack()).endObject();
        }
        w.endArray();
        w.endObject();
        w.name("notes").beginObject();
        w.name("heldOnSignalsOrForeignReleases").beginArray();
        heldNotes.forEach(h -> heldJson(w, h));
        w.endArray();
        w.name("leakedOnSignalsOrForeignReleases").beginArray();
        leakNotes.forEach(l -> leakJson(w, l));
        w.endArray();
        w.endObject();
        w.name("blockedNow").beginArray();
        for (Snapshot.Blocked b : blockedNow) {
            w.beginObject().field("thread", b.thread()).field("call", b.callId() < 0 ? null : CallTable.name(b.callId()))
                    .field("waitingFor", b.what()).field("lock", b.lock() == null ? -1 : b.lock().id())
                    .field("millis", b.millis());
            w.name("holding").beginArray();
            b.holding().forEach(n -> w.value(n.id()));
            w.endArray().endObject();
        }
        w.endArray();
        return w.endObject().toString();
    }

    private void provenance(JsonWriter w) {
        String host;
        try {
            host = InetAddress.getLocalHost().getHostName();
        } catch (Exception e) {
            host = "unknown";
        }
        w.name("provenance").beginObject()
                .field("date", Instant.now().truncatedTo(ChronoUnit.SECONDS).toString())
                .field("commit", run.commit()).field("dirty", run.dirty())
                .field("jdk", System.getProperty("java.runtime.version", System.getProperty("java.version")))
                .field("os", System.getProperty("os.name") + " " + System.getProperty("os.version") + " "
                        + System.getProperty("os.arch"))
                .field("host", host).field("cpus", Runtime.getRuntime().availableProcessors());
        w.name("versions").beginObject().endObject();
        w.endObject();
    }

    private void callsJson(JsonWriter w) {
        w.name("calls").beginArray();
        for (CallStats s : calls) {
            long n = s.calls();
            boolean outside = s == calls.get(CallTable.OUTSIDE);
            if (n == 0 && s.acquisitions() == 0 && s.failedTryLocks() == 0) {
                continue;
            }
            w.beginObject().field("name", s.name()).field("outside", outside).field("calls", n)
                    .field("acquisitions", s.acquisitions())
                    .field("meanAcquisitions", n == 0 ? 0.0 : (double) s.acquisitions() / n)
                    .field("maxAcquisitions", s.maxAcquisitions())
                    .field("lockWaitNanos", s.waitNanos()).field("maxLockWaitNanos", s.maxWaitNanos())
                    .field("blockedNanos", s.blockedNanos()).field("failedTryLocks", s.failedTryLocks());
            w.name("bySite").beginArray();
            List<Map.Entry<Integer, Long>> sites = new ArrayList<>(s.bySite().entrySet());
            sites.sort((a, b) -> Long.compare(b.getValue(), a.getValue()));
            for (Map.Entry<Integer, Long> e : sites) {
                Site site = Sites.get(e.getKey());
                w.beginObject().field("site", site.location()).field("what", site.what())
                        .field("acquisitions", e.getValue()).endObject();
            }
            w.endArray().endObject();
        }
        w.endArray();
    }

    private static void lockJson(JsonWriter w, LockNode n) {
        w.beginObject().field("id", n.id()).field("label", n.label()).field("kind", n.kind().name())
                .field("class", n.className())
                .field("allocatedAt", n.allocSite() < 0 ? null : Sites.get(n.allocSite()).location())
                .field("firstAcquiredAt", n.firstSite() < 0 ? null : Sites.get(n.firstSite()).location())
                .field("group", group(n))
                .field("signalStyle", n.signalStyle()).field("releasedByOtherThread", n.releasedByOtherThread())
                .endObject();
    }

    /**
     * Locks allocated at the same site form a group (in the summaries and pictures); a lock not allocated
     * in watched code is grouped with those of its class first taken at the same site.
     */
    static String group(LockNode n) {
        String simple = n.simpleName();
        if (n.allocSite() >= 0) {
            return simple + " new at " + Sites.get(n.allocSite()).shortLocation();
        }
        return (n.kind() == LockNode.Kind.MONITOR ? "monitor of " : "") + simple
                + (n.firstSite() >= 0 ? " first taken at " + Sites.get(n.firstSite()).shortLocation() : "");
    }

    private static void labelJson(JsonWriter w, EdgeLabel l) {
        w.beginObject().field("thread", l.threadName()).field("threadId", l.threadId())
                .field("call", CallTable.name(l.callId()))
                .field("fromMode", mode(l.fromMode())).field("toMode", mode(l.toMode()))
                .field("fromAcquiredAt", Sites.get(l.fromSite()).location())
                .field("toAcquiredAt", Sites.get(l.toSite()).location());
        w.name("gates").beginArray();
        for (int g : l.gates()) {
            w.value(g);
        }
        w.endArray();
        w.strings("stack", l.stack()).endObject();
    }

    private static String mode(int m) {
        return switch (m) {
            case LockNode.SHARED -> "shared";
            case LockNode.PERMIT -> "permit";
            default -> "exclusive";
        };
    }

    private static void heldJson(JsonWriter w, Findings.HeldAcrossBlocking h) {
        Site block = Sites.get(h.blockSite());
        w.beginObject().field("call", CallTable.name(h.callId())).field("lock", h.lock().id())
                .field("lockLabel", h.lock().label())
                .field("acquiredAt", Sites.get(h.acquireSite()).location())
                .field("blockedIn", block.what()).field("blockedAt", block.location())
                .field("thread", h.thread()).field("count", h.count().sum())
                .strings("acquireStack", h.acquireStack()).strings("blockStack", h.blockStack()).endObject();
    }

    private static void leakJson(JsonWriter w, Findings.Leak l) {
        w.beginObject().field("call", CallTable.name(l.callId())).field("lock", l.lock().id())
                .field("lockLabel", l.lock().label())
                .field("acquiredAt", Sites.get(l.acquireSite()).location())
                .field("path", l.path()).field("thread", l.thread()).field("count", l.count().sum())
                .strings("acquireStack", l.acquireStack()).strings("exitStack", l.exitStack()).endObject();
    }

    // ---- Markdown ------------------------------------------------------------------------------------

    public String markdown() {
        StringBuilder md = new StringBuilder();
        md.append("# Lock audit: ").append(run.name()).append("\n\n");
        md.append("`").append(run.command()).append("` (pid ").append(run.pid()).append("), ")
                .append(String.format(Locale.ROOT, "%.1f", run.seconds())).append(" s, JDK ")
                .append(System.getProperty("java.runtime.version")).append(", commit ").append(run.commit())
                .append(run.last() ? "" : " (snapshot while running)").append(".\n\n");
        int n = findingCount();
        md.append("**").append(n == 0 ? "No findings" : n + " finding" + (n == 1 ? "" : "s")).append("**: ")
                .append(potentialDeadlocks().size()).append(" potential deadlock(s) (lock-order cycles), ")
                .append(held.size()).append(" lock(s) held across a blocking wait, ")
                .append(leaks.size()).append(" leaked, ").append(pinning.size())
                .append(" virtual-thread pinning(s) inside MPI calls. ")
                .append(AuditState.nodes().size()).append(" locks seen, ").append(edges.size())
                .append(" lock-order edges, ").append(cycles.size()).append(" cycle(s) in all.\n\n");
        md.append("## Per MPI call\n\n");
        md.append("| call | calls | acquisitions per call (mean) | max | lock wait (total) | lock wait (max) | blocked (total) | failed try-locks |\n");
        md.append("|---|---|---|---|---|---|---|---|\n");
        for (CallStats s : calls) {
            if (s.calls() == 0 && s.acquisitions() == 0) {
                continue;
            }
            boolean outside = s == calls.get(CallTable.OUTSIDE);
            md.append("| `").append(s.name()).append("` | ").append(outside ? "" : s.calls()).append(" | ")
                    .append(outside ? s.acquisitions() + " in all" : String.format(Locale.ROOT, "%.3f",
                            (double) s.acquisitions() / Math.max(1, s.calls())))
                    .append(" | ").append(outside ? "" : s.maxAcquisitions()).append(" | ")
                    .append(duration(s.waitNanos())).append(" | ").append(outside ? "" : duration(s.maxWaitNanos()))
                    .append(" | ").append(duration(s.blockedNanos())).append(" | ").append(s.failedTryLocks())
                    .append(" |\n");
        }
        if (!potentialDeadlocks().isEmpty()) {
            md.append("\n## Potential deadlocks (lock-order cycles)\n");
            int i = 1;
            for (CycleAnalysis.Cycle c : potentialDeadlocks()) {
                md.append("\n### Cycle ").append(i++).append(": ").append(cycleText(c)).append("\n\n");
                for (int k = 0; k < c.edges().size(); k++) {
                    Edge e = c.edges().get(k);
                    EdgeLabel l = c.labels().get(k);
                    md.append("- thread `").append(l.threadName()).append("` took `").append(e.to().label())
                            .append("` at ").append(Sites.get(l.toSite()).location()).append(" while holding `")
                            .append(e.from().label()).append("` (taken at ").append(Sites.get(l.fromSite()).location())
                            .append("), in `").append(CallTable.name(l.callId())).append("`")
                            .append(l.gates().length == 0 ? "" : ", also holding " + ids(l.gates())).append(":\n");
                    stack(md, l.stack());
                }
            }
        }
        if (!held.isEmpty()) {
            md.append("\n## Held across a blocking wait (Gropp & Thakur §4, Fig. 2)\n");
            for (Findings.HeldAcrossBlocking h : held) {
                heldMd(md, h);
            }
        }
        if (!leaks.isEmpty()) {
            md.append("\n## Leaked: still held when the MPI call ended\n");
            for (Findings.Leak l : leaks) {
                leakMd(md, l);
            }
        }
        if (!pinning.isEmpty()) {
            md.append("\n## Virtual-thread pinning inside MPI calls (JFR jdk.VirtualThreadPinned)\n");
            for (Findings.Pinning p : pinning) {
                md.append("\n### `").append(CallTable.name(p.callId())).append("`: ").append(p.reason())
                        .append("\n\n").append(p.count().sum()).append(" time(s), ")
                        .append(duration(p.totalNanos().sum())).append(" pinned in all, blocking operation ")
                        .append(p.blockingOperation()).append(", thread `").append(p.thread()).append("`:\n");
                stack(md, p.stack());
            }
        }
        List<CycleAnalysis.Cycle> others = cycles.stream()
                .filter(c -> c.verdict() != CycleAnalysis.Verdict.POTENTIAL_DEADLOCK).toList();
        if (!others.isEmpty()) {
            md.append("\n## Cycles that are not deadlocks\n\n");
            for (CycleAnalysis.Cycle c : others) {
                md.append("- ").append(cycleText(c)).append(": ").append(switch (c.verdict()) {
                    case GUARDED -> "guarded by gate lock(s) " + ids(c.gates().stream().mapToInt(Integer::intValue).toArray());
                    case SINGLE_THREAD -> "every order was taken by one thread only";
                    case SHARED_ONLY -> "the conflicting holds are all shared (read) holds";
                    default -> "undecided (search bound reached)";
                }).append("\n");
            }
        }
        if (!heldNotes.isEmpty() || !leakNotes.isEmpty()) {
            md.append("\n## Notes\n\nOn semaphores used as signals (released by threads holding none of their permits) or locks "
                    + "released by a thread the agent had not seen acquire them, \"held\" and \"leaked\" do not apply:\n\n");
            for (Findings.HeldAcrossBlocking h : heldNotes) {
                md.append("- `").append(h.lock().label()).append("` taken in `").append(CallTable.name(h.callId()))
                        .append("` at ").append(Sites.get(h.acquireSite()).location()).append(", then blocked in ")
                        .append(Sites.get(h.blockSite()).what()).append(" at ").append(Sites.get(h.blockSite()).location())
                        .append(" (").append(h.count().sum()).append("x)\n");
            }
            for (Findings.Leak l : leakNotes) {
                md.append("- `").append(l.lock().label()).append("` taken in `").append(CallTable.name(l.callId()))
                        .append("` at ").append(Sites.get(l.acquireSite()).location()).append(", still held when it ")
                        .append(l.path()).append(" (").append(l.count().sum()).append("x)\n");
            }
        }
        if (!blockedNow.isEmpty()) {
            md.append("\n## Blocked when this report was written\n\n");
            for (Snapshot.Blocked b : blockedNow) {
                md.append("- `").append(b.thread()).append("`").append(b.callId() < 0 ? "" : " in `" + CallTable.name(b.callId()) + "`")
                        .append(": ").append(b.what()).append(" for ").append(b.millis()).append(" ms")
                        .append(b.holding().isEmpty() ? "" : ", holding " + b.holding().stream()
                                .map(x -> "`" + x.label() + "`").toList()).append("\n");
            }
        }
        md.append("\n## Instrumentation\n\n").append(instrumentation.classes()).append(" classes rewritten, ")
                .append(instrumentation.entryMethods()).append(" MPI entry methods, ").append(Sites.count())
                .append(" sites. Entry points: ").append(instrumentation.entryPoints()).append(".\n");
        if (!instrumentation.failures().isEmpty()) {
            md.append("\nNot rewritten (loaded unchanged):\n\n");
            instrumentation.failures().forEach(f -> md.append("- ").append(f).append('\n'));
        }
        if (AuditState.internalErrors() > 0) {
            md.append("\nThe agent's bookkeeping failed ").append(AuditState.internalErrors())
                    .append(" time(s); first: ").append(AuditState.firstInternalError()).append('\n');
        }
        return md.toString();
    }

    private void heldMd(StringBuilder md, Findings.HeldAcrossBlocking h) {
        Site block = Sites.get(h.blockSite());
        md.append("\n### `").append(CallTable.name(h.callId())).append("`: `").append(h.lock().label())
                .append("` held across ").append(block.what()).append("\n\n")
                .append("Taken at ").append(Sites.get(h.acquireSite()).location()).append(", still held when thread `")
                .append(h.thread()).append("` blocked at ").append(block.location()).append(" (")
                .append(h.count().sum()).append(" time(s)). Acquired:\n");
        stack(md, h.acquireStack());
        md.append("Blocked:\n");
        stack(md, h.blockStack());
    }

    private void leakMd(StringBuilder md, Findings.Leak l) {
        md.append("\n### `").append(CallTable.name(l.callId())).append("`: `").append(l.lock().label())
                .append("` still held when the call ").append(l.path()).append("\n\n")
                .append("Taken at ").append(Sites.get(l.acquireSite()).location()).append(" by thread `")
                .append(l.thread()).append("` (").append(l.count().sum()).append(" time(s)). Acquired:\n");
        stack(md, l.acquireStack());
        md.append(l.path().startsWith("threw") ? "Thrown:\n" : "Returned:\n");
        stack(md, l.exitStack());
    }

    private String cycleText(CycleAnalysis.Cycle c) {
        StringBuilder s = new StringBuilder();
        for (LockNode n : c.locks()) {
            s.append('`').append(n.label()).append("` → ");
        }
        return s.append('`').append(c.locks().get(0).label()).append('`').toString();
    }

    private String ids(int[] gates) {
        Set<String> out = new LinkedHashSet<>();
        for (int g : gates) {
            LockNode n = referenced.get(g);
            out.add("`" + (n == null ? "#" + g : n.label()) + "`");
        }
        return String.join(", ", out);
    }

    private static void stack(StringBuilder md, List<String> frames) {
        md.append("\n```\n");
        frames.forEach(f -> md.append("  at ").append(f).append('\n'));
        md.append("```\n\n");
    }

    static String duration(long nanos) {
        if (nanos == 0) {
            return "0";
        }
        if (nanos < 10_000) {
            return nanos + " ns";
        }
        if (nanos < 10_000_000) {
            return String.format(Locale.ROOT, "%.1f µs", nanos / 1e3);
        }
        return String.format(Locale.ROOT, "%.1f ms", nanos / 1e6);
    }

    /** Lock ids to labels, for callers that print the JSON's ids. */
    public Map<Integer, String> labels() {
        Map<Integer, String> m = new LinkedHashMap<>();
        referenced.forEach((id, n) -> m.put(id, n.label()));
        return m;
    }
}
