package org.mpiverify.locks.command;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.mpiverify.results.Json;
import org.mpiverify.results.LockAuditSummaryFile;
import org.mpiverify.results.LockReportFile;
import org.mpiverify.results.Provenance;

/**
 * One target's lock audit in one place: reads every report the agent wrote under
 * {@code <out>/locks/audit-<target>/} (one per JVM and run for MPJ Express, one per configuration for the
 * core) and writes {@code audit-<target>.json} and {@code .md} beside the folder: each distinct finding
 * once (same kind, call, lock allocation site and acquiring or blocking site), with how often and where
 * it was seen and the report that holds its stacks; the per-call lock costs summed over all reports;
 * and, from the reports of JVMs killed at a deadline (their last snapshot), what every thread was waiting
 * for then. Reads the reports as {@link LockReportFile} and writes the summary as {@link LockAuditSummaryFile}.
 */
public final class LockSummary {
    /** A finding seen in one or more reports. */
    private static final class Finding {
        final String kind;
        final String call;
        final String lock;
        final String at;
        final LockAuditSummaryFile.FirstSeen first;
        final String evidence;
        final Set<String> where = new LinkedHashSet<>();
        long count;

        Finding(String kind, String call, String lock, String at, LockAuditSummaryFile.FirstSeen first, String evidence) {
            this.kind = kind;
            this.call = call;
            this.lock = lock;
            this.at = at;
            this.first = first;
            this.evidence = evidence;
        }
    }

    private record Report(String name, String file, boolean complete, long findings, long deadlocks, long held,
                          long leaked, long pinned, int blockedNow) {
    }

    private record Blocked(String report, String thread, String call, String waitingFor, long millis,
                           List<String> holding) {
    }

    private final String target;
    private final Path root;
    private final List<Report> reports = new ArrayList<>();
    private final Map<String, Finding> findings = new LinkedHashMap<>();
    private final Map<String, long[]> calls = new TreeMap<>();
    private final List<Blocked> blocked = new ArrayList<>();

    private LockSummary(String target, Path root) {
        this.target = target;
        this.root = root;
    }

    /** Summarizes {@code <locksDir>/audit-<target>/} into {@code <locksDir>/audit-<target>.{json,md}}; returns the Markdown's path. */
    public static Path write(Path locksDir, String target, Provenance provenance) throws IOException {
        LockSummary s = new LockSummary(target, locksDir);
        Path dir = locksDir.resolve("audit-" + target);
        if (Files.isDirectory(dir)) {
            List<Path> files;
            try (Stream<Path> w = Files.walk(dir)) {
                // "_exit": what the core's audit JVM did after its last configuration (writing files)
                files = w.filter(p -> p.toString().endsWith(".json") && !p.getFileName().toString().startsWith("_"))
                        .sorted().toList();
            }
            for (Path f : files) {
                s.read(f);
            }
        }
        Files.createDirectories(locksDir);
        s.file(provenance).write(locksDir.resolve("audit-" + target + ".json"));
        Path md = locksDir.resolve("audit-" + target + ".md");
        Files.writeString(md, s.markdown(), StandardCharsets.UTF_8);
        return md;
    }

    private void read(Path file) throws IOException {
        String text = Files.readString(file, StandardCharsets.UTF_8);
        try {
            Json.parse(text);
        } catch (IllegalArgumentException e) { // cut short: a JVM killed while writing it
            reports.add(new Report(name(file), rel(file), false, 0, 0, 0, 0, 0, 0));
            return;
        }
        LockReportFile r;
        try {
            r = Json.read(text, LockReportFile.class);
        } catch (IllegalArgumentException e) { // well-formed but not the agent's format: the writer and the record disagree
            throw new IllegalArgumentException(file + ": " + e.getMessage(), e);
        }
        String name = name(file);
        LockReportFile.Summary sum = r.summary();
        Map<Integer, LockReportFile.Lock> locks = new LinkedHashMap<>();
        for (LockReportFile.Lock l : r.locks()) {
            locks.put(l.id(), l);
        }
        boolean complete = r.run() != null && r.run().final_();
        reports.add(new Report(name, rel(file), complete, sum == null ? 0 : sum.findings(),
                sum == null ? 0 : sum.potentialDeadlocks(), sum == null ? 0 : sum.heldAcrossBlocking(),
                sum == null ? 0 : sum.leaked(), sum == null ? 0 : sum.pinnedInCalls(), r.blockedNow().size()));
        LockReportFile.Findings f = r.findings();
        for (LockReportFile.Held h : f.heldAcrossBlocking()) {
            add("held across a blocking wait", h.call(), group(locks, h.lock()),
                    h.acquiredAt() + " → " + h.blockedIn() + " at " + h.blockedAt(), LockAuditSummaryFile.FirstSeen.of(h),
                    name, file, h.count());
        }
        for (LockReportFile.Leak l : f.leaked()) {
            add("leaked", l.call(), group(locks, l.lock()), l.acquiredAt() + ", " + firstWords(String.valueOf(l.path())),
                    LockAuditSummaryFile.FirstSeen.of(l), name, file, l.count());
        }
        for (LockReportFile.Pinning p : f.pinning()) {
            add("virtual-thread pinning", p.call(), "-", p.reason() + (p.stack().isEmpty() ? "" : " at " + p.stack().get(0)),
                    LockAuditSummaryFile.FirstSeen.of(p), name, file, p.count());
        }
        for (LockReportFile.Cycle c : r.cycles()) {
            if (!"POTENTIAL_DEADLOCK".equals(c.verdict())) {
                continue;
            }
            List<String> groups = new ArrayList<>();
            List<String> sites = new ArrayList<>();
            for (LockReportFile.CycleEdge e : c.edges()) {
                groups.add(group(locks, e.from()));
                sites.add(e.label() == null ? "?" : e.label().toAcquiredAt());
            }
            String call = c.edges().isEmpty() || c.edges().get(0).label() == null ? "?" : c.edges().get(0).label().call();
            add("potential deadlock (lock-order cycle)", call, String.join(" → ", groups), String.join("; ", sites),
                    LockAuditSummaryFile.FirstSeen.of(c), name, file, 1);
        }
        for (LockReportFile.Call c : r.calls()) {
            long[] a = calls.computeIfAbsent(c.name(), k -> new long[6]);
            a[0] += c.calls();
            a[1] += c.acquisitions();
            a[2] = Math.max(a[2], c.maxAcquisitions());
            a[3] += c.lockWaitNanos();
            a[4] += c.blockedNanos();
            a[5] += c.failedTryLocks();
        }
        if (!complete) {
            for (LockReportFile.Blocked b : r.blockedNow()) {
                List<String> holding = new ArrayList<>();
                for (int id : b.holding()) {
                    LockReportFile.Lock l = locks.get(id);
                    holding.add(l == null ? "#" + id : l.label());
                }
                blocked.add(new Blocked(name, b.thread(), b.call(), b.waitingFor(), b.millis(), holding));
            }
        }
    }

    private static String firstWords(String path) {
        int colon = path.indexOf(':');
        return colon < 0 ? path : path.substring(0, colon);
    }

    private static String group(Map<Integer, LockReportFile.Lock> locks, int id) {
        LockReportFile.Lock l = locks.get(id);
        return l == null || l.group() == null ? "?" : l.group();
    }

    private void add(String kind, String call, String lock, String at, LockAuditSummaryFile.FirstSeen first, String report,
                     Path file, long count) {
        String key = kind + "|" + call + "|" + lock + "|" + at;
        Finding f = findings.computeIfAbsent(key, k -> new Finding(kind, call, lock, at, first, rel(file)));
        f.where.add(report);
        f.count += count;
    }

    private String name(Path file) {
        String rel = root.resolve("audit-" + target).relativize(file).toString();
        return rel.substring(0, rel.length() - ".json".length());
    }

    private String rel(Path file) {
        return root.relativize(file).toString();
    }

    private LockAuditSummaryFile file(Provenance provenance) {
        return new LockAuditSummaryFile(LockAuditSummaryFile.TOOL, 1, provenance, target,
                reports.stream().map(r -> new LockAuditSummaryFile.ReportLine(r.name(), r.file(), r.complete(), r.findings(),
                        r.deadlocks(), r.held(), r.leaked(), r.pinned(), r.blockedNow())).toList(),
                findings.values().stream().map(f -> new LockAuditSummaryFile.Finding(f.kind, f.call, f.lock, f.at, f.count,
                        f.where.size(), new ArrayList<>(f.where), f.evidence, f.first)).toList(),
                calls.entrySet().stream().map(e -> new LockAuditSummaryFile.CallTotal(e.getKey(), e.getValue()[0],
                        e.getValue()[1], e.getValue()[2], e.getValue()[3], e.getValue()[4], e.getValue()[5])).toList(),
                blocked.stream().map(b -> new LockAuditSummaryFile.BlockedAtEnd(b.report(), b.thread(), b.call(),
                        b.waitingFor(), b.millis(), b.holding())).toList());
    }

    private String markdown() {
        StringBuilder md = new StringBuilder("# Lock audit of ").append(target).append("\n\n");
        long complete = reports.stream().filter(Report::complete).count();
        md.append(reports.size()).append(" report(s) (one per JVM and run, or per configuration), ")
                .append(complete).append(" complete, ").append(reports.size() - complete)
                .append(" last snapshots of JVMs killed at a deadline. ").append(findings.size())
                .append(" distinct finding(s).\n");
        if (!findings.isEmpty()) {
            md.append("\n| finding | call | lock | where (acquired → blocked, or path) | times | reports | evidence |\n")
                    .append("|---|---|---|---|---|---|---|\n");
            for (Finding f : findings.values()) {
                md.append("| ").append(f.kind).append(" | `").append(f.call).append("` | ").append(cell(f.lock))
                        .append(" | ").append(cell(f.at)).append(" | ").append(f.count).append(" | ")
                        .append(f.where.size() <= 3 ? String.join(", ", f.where)
                                : String.join(", ", new ArrayList<>(f.where).subList(0, 3)) + " and " + (f.where.size() - 3) + " more")
                        .append(" | `").append(f.evidence).append("` |\n");
            }
        }
        if (!calls.isEmpty()) {
            md.append("\n## Lock acquisitions per MPI call (all reports)\n\n")
                    .append("| call | calls | acquisitions per call | max in one call | lock wait | blocked | failed try-locks |\n")
                    .append("|---|---|---|---|---|---|---|\n");
            for (Map.Entry<String, long[]> e : calls.entrySet()) {
                long[] a = e.getValue();
                md.append("| `").append(e.getKey()).append("` | ").append(a[0]).append(" | ")
                        .append(a[0] == 0 ? a[1] + " in all" : String.format(Locale.ROOT, "%.2f", (double) a[1] / a[0]))
                        .append(" | ").append(a[2]).append(" | ").append(ms(a[3])).append(" | ").append(ms(a[4]))
                        .append(" | ").append(a[5]).append(" |\n");
            }
        }
        if (!blocked.isEmpty()) {
            md.append("\n## Waiting when killed (last snapshot of each JVM killed at a deadline)\n\n");
            for (Blocked b : blocked) {
                md.append("- ").append(b.report()).append(": `").append(b.thread()).append("`")
                        .append(b.call() == null ? "" : " in `" + b.call() + "`").append(": ").append(b.waitingFor())
                        .append(" for ").append(b.millis()).append(" ms")
                        .append(b.holding().isEmpty() ? "" : ", holding " + b.holding()).append('\n');
            }
        }
        return md.toString();
    }

    private static String cell(String s) {
        return s.replace("|", "\\|");
    }

    private static String ms(long nanos) {
        return String.format(Locale.ROOT, "%.1f ms", nanos / 1e6);
    }
}
