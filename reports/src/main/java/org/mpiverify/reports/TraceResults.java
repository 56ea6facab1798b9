package org.mpiverify.reports;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.mpiverify.results.Outcome;
import org.mpiverify.results.Provenance;
import org.mpiverify.results.TraceResultsFile;

/**
 * Reads trace validation's files ({@code ./mpiverify trace}, and {@code mvn verify}'s quick traces):
 * {@code out/trace/results.json} and {@code out/trace/<run>/results.json}, each a list of traces with their
 * verdicts. One result per algorithm of the core (its name is the algorithm's id, {@code contextid}, as the
 * traceability table's trace column names it) and one per known-bad twin (its name): the core's pass when every trace
 * is accepted, a twin's when at least one of its traces is rejected (an accepted trace of a twin is a run in
 * which its race did not happen).
 */
public final class TraceResults {
    /** One trace as the command wrote it; {@code report} is the rejected trace's page, relative to out/trace/. */
    public record Trace(String name, String variant, String spec, String status, long events, double tlcSeconds,
                        double eventsPerSecond, long firstBad, String reason, String report) {}

    /** The traces of one algorithm of the core, or of one twin. */
    public record Group(String name, String algorithm, boolean twin, List<Trace> traces, Stamp stamp)
            implements CheckResult {
        public CheckKind kind() {
            return CheckKind.TRACE;
        }

        long count(String status) {
            return traces.stream().filter(t -> t.status().equals(status)).count();
        }

        public Outcome verdict() {
            if (traces.isEmpty()) return Outcome.NO_RESULT;
            if (count("ERROR") > 0) return Outcome.CRASH;
            if (twin) return count("REJECTED") > 0 ? Outcome.PASS : Outcome.FAIL;
            return count("REJECTED") == 0 ? Outcome.PASS : Outcome.FAIL;
        }

        public String label() {
            String counts = count("ACCEPTED") + " accepted, " + count("REJECTED") + " rejected"
                    + (count("ERROR") > 0 ? ", " + count("ERROR") + " errors" : "");
            return twin ? counts + (verdict() == Outcome.PASS ? " (a twin: rejected, as it must be)" : " (a twin NOT caught)")
                    : counts;
        }
    }

    private TraceResults() {}

    static List<Group> load(Path outDir, Freshness freshness, List<String> problems) {
        Path dir = outDir.resolve("trace");
        if (!Files.isDirectory(dir)) return List.of();
        List<Path> files;
        try (Stream<Path> s = Files.walk(dir, 3)) {
            files = s.filter(f -> f.getFileName().toString().equals("results.json")).sorted().toList();
        } catch (IOException e) {
            problems.add(dir + ": " + e.getMessage());
            return List.of();
        }
        Map<String, List<Trace>> byName = new LinkedHashMap<>();
        Map<String, String> algorithmOf = new LinkedHashMap<>();
        Map<String, Boolean> twinOf = new LinkedHashMap<>();
        Map<String, Stamp> stampOf = new LinkedHashMap<>();
        for (Path f : files) {
            String rel = "trace/" + dir.relativize(f).toString().replace('\\', '/');
            TraceResultsFile doc;
            try {
                doc = TraceResultsFile.read(f);
            } catch (IOException | IllegalArgumentException e) {
                problems.add(f + ": " + e.getMessage());
                continue;
            }
            Provenance provenance = doc.provenance() == null || doc.provenance().commit() == null ? null : doc.provenance();
            String folder = dir.relativize(f.getParent()).toString().replace('\\', '/');
            for (TraceResultsFile.Trace t : doc.traces()) {
                String algorithm = t.algorithm() == null ? "?" : t.algorithm();
                String group = t.twin() ? (t.variant() == null ? "?" : t.variant()) : algorithm;
                String report = t.report() == null ? "" : t.report();
                byName.computeIfAbsent(group, k -> new ArrayList<>()).add(new Trace(text(t.name()), text(t.variant()),
                        text(t.spec()), t.status() == null ? "?" : t.status(), t.events(), t.tlcSeconds(),
                        t.eventsPerSecond(), t.firstBad(), text(t.reason()),
                        report.isEmpty() ? "" : (folder.isEmpty() ? "" : folder + "/") + report));
                algorithmOf.putIfAbsent(group, algorithm);
                twinOf.putIfAbsent(group, t.twin());
                stampOf.putIfAbsent(group, new Stamp(rel + "#" + group, provenance,
                        freshness.of(provenance, CheckKind.TRACE.inputs())));
            }
        }
        List<Group> out = new ArrayList<>();
        byName.forEach((name, traces) -> out.add(new Group(name, algorithmOf.get(name), twinOf.get(name),
                List.copyOf(traces), stampOf.get(name))));
        return out;
    }

    private static String text(String s) {
        return s == null ? "" : s;
    }
}
