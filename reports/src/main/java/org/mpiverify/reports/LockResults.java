package org.mpiverify.reports;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.mpiverify.results.Json;

/**
 * Reads the lock auditor's results under {@code out/locks/}: the summaries {@code audit-<target>.json}
 * that {@code audit --locks} writes (each over the per-JVM or per-configuration reports in
 * {@code audit-<target>/}), and the reports of single runs ({@code ./mpiverify locks -- ...}) directly in
 * the folder. For the pictures, the lock-order graph of a summary is its reports' graphs merged by lock
 * group (allocation site, or class when the lock was not allocated in watched code), with the groups on a
 * potential-deadlock cycle marked.
 */
public final class LockResults {
    /** The lock-order graph by group: edge counts, and the edges that lie on a potential deadlock. */
    public record Graph(Map<String, Map<String, Integer>> edges, Set<String> cycleEdges) {
        static Graph empty() {
            return new Graph(new LinkedHashMap<>(), new HashSet<>());
        }

        boolean isEmpty() {
            return edges.isEmpty();
        }

        void add(String from, String to) {
            edges.computeIfAbsent(from, k -> new LinkedHashMap<>()).merge(to, 1, Integer::sum);
        }
    }

    /** A target's lock audit ({@code audit-<target>.json}) and the graph of its reports. */
    public record AuditSummary(String target, Map<String, Object> json, Graph graph, Stamp stamp) { }

    /** A single run's report. */
    public record Run(String name, Map<String, Object> json, Graph graph, Stamp stamp) { }

    private static final List<String> INPUTS = List.of("locks", "impl", "audit");

    private final List<AuditSummary> audits;
    private final List<Run> runs;

    private LockResults(List<AuditSummary> audits, List<Run> runs) {
        this.audits = audits;
        this.runs = runs;
    }

    public List<AuditSummary> audits() {
        return audits;
    }

    public List<Run> runs() {
        return runs;
    }

    public boolean isEmpty() {
        return audits.isEmpty() && runs.isEmpty();
    }

    static LockResults load(Path outDir, Freshness freshness, List<String> problems) {
        Path dir = outDir.resolve("locks");
        List<AuditSummary> audits = new ArrayList<>();
        List<Run> runs = new ArrayList<>();
        if (!Files.isDirectory(dir)) return new LockResults(audits, runs);
        List<Path> files;
        try (Stream<Path> s = Files.list(dir)) {
            files = s.filter(f -> f.getFileName().toString().endsWith(".json")).sorted().toList();
        } catch (IOException e) {
            problems.add(dir + ": " + e.getMessage());
            return new LockResults(audits, runs);
        }
        for (Path f : files) {
            try {
                Map<String, Object> json = Json.parseObject(Files.readString(f));
                String stem = f.getFileName().toString().replace(".json", "");
                Stamp stamp = Stamp.of("locks/" + f.getFileName(), json, freshness, INPUTS);
                switch (Json.str(json, "tool", "")) {
                    case "mpiverify-locks-summary" -> audits.add(new AuditSummary(Json.str(json, "target", stem), json,
                            summaryGraph(dir, json, problems), stamp));
                    case "mpiverify-locks" -> {
                        Graph g = Graph.empty();
                        addGraph(json, g);
                        runs.add(new Run(stem, json, g, stamp));
                    }
                    default -> problems.add(f + ": not a lock auditor result (no \"tool\")");
                }
            } catch (IOException | IllegalArgumentException e) {
                problems.add(f + ": " + e.getMessage());
            }
        }
        return new LockResults(audits, runs);
    }

    /** The graphs of a summary's reports, merged by lock group. */
    private static Graph summaryGraph(Path dir, Map<String, Object> summary, List<String> problems) {
        Graph g = Graph.empty();
        for (Map<String, Object> r : Json.objs(summary, "reports")) {
            Path f = dir.resolve(Json.str(r, "file", ""));
            if (!Files.isRegularFile(f)) continue;
            try {
                addGraph(Json.parseObject(Files.readString(f)), g);
            } catch (IOException | IllegalArgumentException e) {
                problems.add(f + ": " + e.getMessage());
            }
        }
        return g;
    }

    private static void addGraph(Map<String, Object> report, Graph g) {
        Map<Long, String> groups = new LinkedHashMap<>();
        for (Map<String, Object> l : Json.objs(report, "locks")) {
            groups.put(Json.integer(l, "id", -1), Json.str(l, "group", "?"));
        }
        for (Map<String, Object> e : Json.objs(report, "edges")) {
            g.add(groups.getOrDefault(Json.integer(e, "from", -1), "?"), groups.getOrDefault(Json.integer(e, "to", -1), "?"));
        }
        for (Map<String, Object> c : Json.objs(report, "cycles")) {
            if (!"POTENTIAL_DEADLOCK".equals(Json.str(c, "verdict", ""))) continue;
            for (Map<String, Object> e : Json.objs(c, "edges")) {
                g.cycleEdges().add(groups.getOrDefault(Json.integer(e, "from", -1), "?") + "\u0000"
                        + groups.getOrDefault(Json.integer(e, "to", -1), "?"));
            }
        }
    }
}
