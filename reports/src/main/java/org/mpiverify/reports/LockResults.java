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
import org.mpiverify.results.LockAuditSummaryFile;
import org.mpiverify.results.LockReportFile;

/**
 * Reads the lock auditor's results under {@code out/locks/}: the summaries {@code audit-<target>.json}
 * that {@code audit --locks} writes (each over the per-JVM or per-configuration reports in
 * {@code audit-<target>/}), and the reports of single runs ({@code ./mpiverify locks -- ...}) directly in
 * the folder. For the pictures, the lock-order graph of a summary is its reports' graphs merged by lock
 * group (allocation site, or class when the lock was not allocated in watched code), with the groups on a
 * potential-deadlock cycle marked. Each file is read strictly through its record ({@link LockAuditSummaryFile},
 * {@link LockReportFile}), chosen by its {@code tool}.
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
    public record AuditSummary(String target, LockAuditSummaryFile file, Graph graph, Stamp stamp) { }

    /** A single run's report. */
    public record Run(String name, LockReportFile file, Graph graph, Stamp stamp) { }

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
                String text = Files.readString(f);
                String stem = f.getFileName().toString().replace(".json", "");
                switch (Json.str(Json.parseObject(text), "tool", "")) {
                    case LockAuditSummaryFile.TOOL -> {
                        LockAuditSummaryFile file = Json.read(text, LockAuditSummaryFile.class);
                        audits.add(new AuditSummary(file.target() == null ? stem : file.target(), file,
                                summaryGraph(dir, file, problems),
                                Stamp.of("locks/" + f.getFileName(), file.provenance(), freshness, INPUTS)));
                    }
                    case LockReportFile.TOOL -> {
                        LockReportFile file = Json.read(text, LockReportFile.class);
                        Graph g = Graph.empty();
                        addGraph(file, g);
                        runs.add(new Run(stem, file, g, Stamp.of("locks/" + f.getFileName(), file.provenance(), freshness,
                                INPUTS)));
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
    private static Graph summaryGraph(Path dir, LockAuditSummaryFile summary, List<String> problems) {
        Graph g = Graph.empty();
        for (LockAuditSummaryFile.ReportLine r : summary.reports()) {
            Path f = dir.resolve(r.file() == null ? "" : r.file());
            if (!Files.isRegularFile(f)) continue;
            try {
                addGraph(LockReportFile.read(f), g);
            } catch (IOException | IllegalArgumentException e) {
                problems.add(f + ": " + e.getMessage());
            }
        }
        return g;
    }

    private static void addGraph(LockReportFile report, Graph g) {
        Map<Integer, String> groups = new LinkedHashMap<>();
        for (LockReportFile.Lock l : report.locks()) {
            groups.put(l.id(), l.group() == null ? "?" : l.group());
        }
        for (LockReportFile.Edge e : report.edges()) {
            g.add(groups.getOrDefault(e.from(), "?"), groups.getOrDefault(e.to(), "?"));
        }
        for (LockReportFile.Cycle c : report.cycles()) {
            if (!"POTENTIAL_DEADLOCK".equals(c.verdict())) continue;
            for (LockReportFile.CycleEdge e : c.edges()) {
                g.cycleEdges().add(groups.getOrDefault(e.from(), "?") + "\u0000" + groups.getOrDefault(e.to(), "?"));
            }
        }
    }
}
