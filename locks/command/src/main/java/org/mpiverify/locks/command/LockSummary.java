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
import org.mpiverify.results.Provenance;

/**
 * One target's lock audit in one place: reads every report the agent wrote under
 * {@code <out>/locks/audit-<target>/} (one per JVM and run for MPJ Express, one per configuration for the
 * core) and writes {@code audit-<target>.json} and {@code .md} beside the folder: each distinct finding
 * once (same kind, call, lock allocation site and acquiring or blocking site), with how often and where
 * it was seen and the report that holds its stacks; the per-call lock costs summed over all reports;
 * and, from the reports of JVMs killed at a deadline (their last snapshot), what every thread was waiting
 * for then.
 */
public final class LockSummary {
    /** A finding seen in one or more reports. */
    private static final class Finding {
        final String kind;
        final String call;
        final String lock;
        final String at;
        final Map<String, Object> first;
        final String evidence;
        final Set<String> where = new LinkedHashSet<>();
        long count;

        Finding(String kind, String call, String lock, String at, Map<String, Object> first, String evidence) {
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
        Files.writeString(locksDir.resolve("audit-" + target + ".json"), s.json(provenance), StandardCharsets.UTF_8);
        Path md = locksDir.resolve("audit-" + target + ".md");
        Files.writeString(md, s.markdown(), StandardCharsets.UTF_8);
        return md;
    }

    private void read(Path file) throws IOException {
        Map<String, Object> r;
        try {
            r = Json.parseObject(Files.readString(file, StandardCharsets.UTF_8));
        } catch (IllegalArgumentException e) {
            reports.add(new Report(name(file), rel(file), false, 0, 0, 0, 0, 0, 0));
            return;
        }
        String name = name(file);
        Map<String, Object> sum = Json.obj(r, "summary");
        Map<Long, Map<String, Object>> locks = new LinkedHashMap<>();
        for (Map<String, Object> l : Json.objs(r, "locks")) {
            locks.put(Json.integer(l, "id", -1), l);
        }
        List<Map<String, Object>> now = Json.objs(r, "blockedNow");
        boolean complete = Json.bool(Json.obj(r, "run"), "final", false);
        reports.add(new Report(name, rel(file), complete, Json.integer(sum, "findings", 0),
                Json.integer(sum, "potentialDeadlocks", 0), Json.integer(sum, "heldAcrossBlocking", 0),
                Json.integer(sum, "leaked", 0), Json.integer(sum, "pinnedInCalls", 0), now.size()));
        Map<String, Object> f = Json.obj(r, "findings");
        for (Map<String, Object> h : Json.objs(f, "heldAcrossBlocking")) {
            add("held across a blocking wait", Json.str(h, "call", "?"), group(locks, h),
                    Json.str(h, "acquiredAt", "?") + " → " + Json.str(h, "blockedIn", "?") + " at "
                            + Json.str(h, "blockedAt", "?"), h, name, file, Json.integer(h, "count", 1));
        }
        for (Map<String, Object> l : Json.objs(f, "leaked")) {
            add("leaked", Json.str(l, "call", "?"), group(locks, l),
                    Json.str(l, "acquiredAt", "?") + ", " + firstWords(Json.str(l, "path", "?")), l, name, file,
                    Json.integer(l, "count", 1));
        }
        for (Map<String, Object> p : Json.objs(f, "pinning")) {
            List<Object> stack = Json.list(p, "stack");
            add("virtual-thread pinning", Json.str(p, "call", "?"), "-", Json.str(p, "reason", "?")
                    + (stack.isEmpty() ? "" : " at " + stack.get(0)), p, name, file, Json.integer(p, "count", 1));
        }
        for (Map<String, Object> c : Json.objs(r, "cycles")) {
            if (!"POTENTIAL_DEADLOCK".equals(Json.str(c, "verdict", ""))) {
                continue;
            }
            List<String> groups = new ArrayList<>();
            List<String> sites = new ArrayList<>();
            for (Map<String, Object> e : Json.objs(c, "edges")) {
                Map<String, Object> lockObj = locks.get(Json.integer(e, "from", -1));
                groups.add(lockObj == null ? "?" : Json.str(lockObj, "group", "?"));
                sites.add(Json.str(Json.obj(e, "label"), "toAcquiredAt", "?"));
            }
            Map<String, Object> firstEdge = Json.objs(c, "edges").isEmpty() ? Map.of() : Json.objs(c, "edges").get(0);
            add("potential deadlock (lock-order cycle)", Json.str(Json.obj(firstEdge, "label"), "call", "?"),
                    String.join(" → ", groups), String.join("; ", sites), c, name, file, 1);
        }
        for (Map<String, Object> c : Json.objs(r, "calls")) {
            long[] a = calls.computeIfAbsent(Json.str(c, "name", "?"), k -> new long[6]);
            a[0] += Json.integer(c, "calls", 0);
            a[1] += Json.integer(c, "acquisitions", 0);
            a[2] = Math.max(a[2], Json.integer(c, "maxAcquisitions", 0));
            a[3] += Json.integer(c, "lockWaitNanos", 0);
            a[4] += Json.integer(c, "blockedNanos", 0);
            a[5] += Json.integer(c, "failedTryLocks", 0);
        }
        if (!complete) {
            for (Map<String, Object> b : now) {
                List<String> holding = new ArrayList<>();
                for (Object id : Json.list(b, "holding")) {
                    Map<String, Object> l = locks.get(((Number) id).longValue());
                    holding.add(l == null ? "#" + id : Json.str(l, "label", "?"));
                }
                blocked.add(new Blocked(name, Json.str(b, "thread", "?"), Json.str(b, "call", null),
                        Json.str(b, "waitingFor", "?"), Json.integer(b, "millis", 0), holding));
            }
        }
    }

    private static String firstWords(String path) {
        int colon = path.indexOf(':');
        return colon < 0 ? path : path.substring(0, colon);
    }

    private static String group(Map<Long, Map<String, Object>> locks, Map<String, Object> finding) {
        Map<String, Object> l = locks.get(Json.integer(finding, "lock", -1));
        return l == null ? "?" : Json.str(l, "group", "?");
    }

    private void add(String kind, String call, String lock, String at, Map<String, Object> first, String report,
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

    private String json(Provenance provenance) {
        StringBuilder sb = new StringBuilder("{\"tool\":\"mpiverify-locks-summary\",\"format\":1,\"provenance\":");
        sb.append(provenance.toJson()).append(",\"target\":").append(Json.quote(target));
        sb.append(",\"reports\":[");
        for (int i = 0; i < reports.size(); i++) {
            Report r = reports.get(i);
            sb.append(i == 0 ? "" : ",").append("{\"name\":").append(Json.quote(r.name()))
                    .append(",\"file\":").append(Json.quote(r.file())).append(",\"final\":").append(r.complete())
                    .append(",\"findings\":").append(r.findings()).append(",\"potentialDeadlocks\":").append(r.deadlocks())
                    .append(",\"heldAcrossBlocking\":").append(r.held()).append(",\"leaked\":").append(r.leaked())
                    .append(",\"pinnedInCalls\":").append(r.pinned()).append(",\"blockedNow\":").append(r.blockedNow())
                    .append('}');
        }
        sb.append("],\"findings\":[");
        int i = 0;
        for (Finding f : findings.values()) {
            sb.append(i++ == 0 ? "" : ",").append("{\"kind\":").append(Json.quote(f.kind))
                    .append(",\"call\":").append(Json.quote(f.call)).append(",\"lock\":").append(Json.quote(f.lock))
                    .append(",\"at\":").append(Json.quote(f.at)).append(",\"count\":").append(f.count)
                    .append(",\"reports\":").append(f.where.size())
                    .append(",\"where\":").append(Json.compact(new ArrayList<>(f.where)))
                    .append(",\"evidence\":").append(Json.quote(f.evidence))
                    .append(",\"first\":").append(Json.compact(f.first)).append('}');
        }
        sb.append("],\"calls\":[");
        i = 0;
        for (Map.Entry<String, long[]> e : calls.entrySet()) {
            long[] a = e.getValue();
            sb.append(i++ == 0 ? "" : ",").append("{\"name\":").append(Json.quote(e.getKey()))
                    .append(",\"calls\":").append(a[0]).append(",\"acquisitions\":").append(a[1])
                    .append(",\"maxAcquisitions\":").append(a[2]).append(",\"lockWaitNanos\":").append(a[3])
                    .append(",\"blockedNanos\":").append(a[4]).append(",\"failedTryLocks\":").append(a[5]).append('}');
        }
        sb.append("],\"blockedAtEnd\":[");
        i = 0;
        for (Blocked b : blocked) {
            sb.append(i++ == 0 ? "" : ",").append("{\"report\":").append(Json.quote(b.report()))
                    .append(",\"thread\":").append(Json.quote(b.thread()))
                    .append(",\"call\":").append(b.call() == null ? "null" : Json.quote(b.call()))
                    .append(",\"waitingFor\":").append(Json.quote(b.waitingFor()))
                    .append(",\"millis\":").append(b.millis())
                    .append(",\"holding\":").append(Json.compact(b.holding())).append('}');
        }
        return sb.append("]}").toString();
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
