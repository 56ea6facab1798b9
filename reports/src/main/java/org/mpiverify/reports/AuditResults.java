package org.mpiverify.reports;

import org.mpiverify.results.AuditResultsFile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.mpiverify.results.Outcome;

/**
 * Reads the audit's {@code out/audit/<target>.json} files (the contract in the audit's README: per
 * target, configurations, each with scenarios carrying a verdict, counts per outcome and the evidence
 * of the first run with the worst outcome). A verdict that is not the worst of its counts, or a
 * FAIL/HANG/CRASH/HAZARD without evidence, is reported as a problem of the file. The C audit's
 * {@code c-<library>*.json} beside them are another record (the audit's {@code CAuditReport.CAuditFile}) and are
 * not read here.
 */
public final class AuditResults {
    /**
     * One scenario on one configuration of one target: one cell of the audit matrix. {@code outcome} is
     * what the audit measured. On an unsafe experimental configuration (which the audit must reject) the
     * cell's {@link #verdict()} is that of a known-bad twin: PASS when some scenario rejected the
     * configuration ({@code variantRejected}: a FAIL, HANG or CRASH anywhere in its column), FAIL when none
     * did; on a safe one it is the outcome.
     */
    public record Cell(String target, String implementation, String configuration, boolean unsafe, String id,
                       String title, String origin, Outcome outcome, String summary, long runs,
                       Map<String, Long> counts, List<String> evidence, double seconds, Stamp stamp,
                       boolean variantRejected)
            implements CheckResult {
        public CheckKind kind() {
            return CheckKind.AUDIT;
        }

        public String name() {
            return id;
        }

        @Override
        public String anchor() {
            return Html.slug("audit-" + target + "-" + configuration + "-" + id);
        }

        @Override
        public Outcome verdict() {
            if (!unsafe) return outcome;
            return variantRejected ? Outcome.PASS : Outcome.FAIL;
        }

        public String label() {
            if (!unsafe) return outcome.name();
            return variantRejected ? "unsafe variant, rejected (here " + outcome.name() + ")"
                    : "unsafe variant, not rejected by any scenario";
        }

        public boolean needsEvidence() {
            return outcome != Outcome.PASS && outcome != Outcome.UNSUPPORTED;
        }
    }

    /** One target's file: its cells in file order, and the companion files the audit wrote beside it. */
    public record Target(String target, String implementation, boolean full, List<String> configurations,
                         List<Cell> cells, List<Path> companions, Stamp stamp) {}

    private AuditResults() {}

    static List<Target> load(Path outDir, Freshness freshness, List<String> problems) {
        Path dir = outDir.resolve("audit");
        List<Target> targets = new ArrayList<>();
        if (!Files.isDirectory(dir)) return targets;
        List<Path> files;
        try (Stream<Path> s = Files.list(dir)) {
            files = s.filter(f -> f.getFileName().toString().endsWith(".json"))
                    .filter(f -> !f.getFileName().toString().startsWith("c-")).sorted().toList();
        } catch (IOException e) {
            problems.add(dir + ": " + e.getMessage());
            return targets;
        }
        for (Path f : files) {
            try {
                targets.add(read(f, freshness, problems));
            } catch (IOException | IllegalArgumentException e) {
                problems.add(f + ": " + e.getMessage());
            }
        }
        return targets;
    }

    private static Target read(Path f, Freshness freshness, List<String> problems) throws IOException {
        AuditResultsFile file = AuditResultsFile.read(f);
        String stem = f.getFileName().toString().replace(".json", "");
        String target = file.target() == null ? stem : file.target();
        String impl = file.implementation() == null ? target : file.implementation();
        Stamp stamp = Stamp.of("audit/" + f.getFileName(), file.provenance(), freshness, CheckKind.AUDIT.inputs());
        List<String> configs = new ArrayList<>();
        List<Cell> cells = new ArrayList<>();
        for (AuditResultsFile.Configuration c : file.configurations()) {
            String config = c.name() == null ? "default" : c.name();
            configs.add(config);
            boolean rejected = c.scenarios().stream().anyMatch(x -> Outcome.parse(orElse(x.verdict(), "?")).isFailure());
            for (AuditResultsFile.ScenarioCell s : c.scenarios()) {
                String id = orElse(s.id(), "?");
                Outcome v = Outcome.parse(orElse(s.verdict(), "?"));
                Map<String, Long> counts = new LinkedHashMap<>();
                s.counts().forEach((k, x) -> counts.put(k, x == null ? 0L : x.longValue()));
                Cell cell = new Cell(target, impl, config, c.unsafe(), id, orElse(s.title(), id), orElse(s.origin(), ""),
                        v, orElse(s.summary(), ""), s.runs(), counts, s.evidence(), s.seconds(), stamp, rejected);
                String where = f.getFileName() + " " + config + "/" + id;
                if (!counts.isEmpty()) {
                    List<Outcome> seen = new ArrayList<>();
                    for (String k : counts.keySet()) if (counts.get(k) > 0) seen.add(Outcome.parse(k));
                    if (Outcome.worst(seen) != v) {
                        problems.add(where + ": verdict " + v + " is not the worst of its counts " + counts);
                    }
                }
                if (cell.needsEvidence() && s.evidence().isEmpty()) problems.add(where + ": " + v + " without evidence");
                cells.add(cell);
            }
        }
        List<Path> companions = new ArrayList<>();
        for (Path p : List.of(f.resolveSibling(stem + ".md"), f.resolveSibling(stem + ".html"),
                f.resolveSibling("junit").resolve("TEST-audit-" + stem + ".xml"))) {
            if (Files.isRegularFile(p)) companions.add(p);
        }
        return new Target(target, impl, file.full(), configs, cells, companions, stamp);
    }

    private static String orElse(String s, String otherwise) {
        return s == null ? otherwise : s;
    }
}
