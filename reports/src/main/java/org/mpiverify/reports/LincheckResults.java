package org.mpiverify.reports;

import org.mpiverify.results.LincheckResultsFile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.mpiverify.results.Outcome;

/**
 * Reads the Lincheck module's files: {@code out/lincheck/<Suite>.json} (suites),
 * {@code twins/<Twin>.json} + {@code .txt} (known-bad twins and the interleaving that rejected them)
 * and {@code findings/<Name>.json} + {@code .txt} (non-linearizable behaviour kept as a finding).
 */
public final class LincheckResults {
    /** One Lincheck run of a suite or twin. */
    public record Run(String mode, long scenarios, long invocations, String verdict, long millis) {}

    /** A suite, a known-bad twin or a finding with its runs; {@code interleaving} is null for suites. */
    public record Suite(String name, String category, String checks, List<Run> runs, String interleaving, Stamp stamp)
            implements CheckResult {
        public CheckKind kind() {
            return CheckKind.LINCHECK;
        }

        public boolean isTwin() {
            return category.equals("known-bad twin");
        }

        public boolean isFinding() {
            return category.equals("finding");
        }

        public Outcome verdict() {
            if (runs.isEmpty()) return Outcome.NO_RESULT;
            boolean rejected = runs.stream().allMatch(r -> r.verdict.equals("REJECTED"));
            if (isTwin()) return rejected ? Outcome.PASS : Outcome.FAIL;
            if (isFinding()) return rejected ? Outcome.HAZARD : Outcome.FAIL;
            return runs.stream().allMatch(r -> r.verdict.equals("PASS")) ? Outcome.PASS : Outcome.FAIL;
        }

        public String label() {
            return switch (verdict()) {
                case PASS -> isTwin() ? "rejected (as it must be)" : "linearizable";
                case HAZARD -> "finding, still present";
                case FAIL -> isTwin() ? "NOT rejected" : isFinding() ? "finding changed" : "NOT linearizable";
                default -> verdict().label();
            };
        }
    }

    private LincheckResults() {}

    static List<Suite> load(Path outDir, Freshness freshness, List<String> problems) {
        Path dir = outDir.resolve("lincheck");
        List<Suite> suites = new ArrayList<>();
        for (String folder : new String[] {"", "twins", "findings"}) {
            Path d = folder.isEmpty() ? dir : dir.resolve(folder);
            if (!Files.isDirectory(d)) continue;
            List<Path> files;
            try (Stream<Path> s = Files.list(d)) {
                files = s.filter(f -> f.getFileName().toString().endsWith(".json")).sorted().toList();
            } catch (IOException e) {
                problems.add(d + ": " + e.getMessage());
                continue;
            }
            for (Path f : files) {
                try {
                    suites.add(read(f, folder, freshness));
                } catch (IOException | IllegalArgumentException e) {
                    problems.add(f + ": " + e.getMessage());
                }
            }
        }
        return suites;
    }

    private static Suite read(Path f, String folder, Freshness freshness) throws IOException {
        LincheckResultsFile file = LincheckResultsFile.read(f);
        String name = file.suite() != null ? file.suite() : f.getFileName().toString().replace(".json", "");
        List<Run> runs = new ArrayList<>();
        for (LincheckResultsFile.Run r : file.runs()) {
            runs.add(new Run(r.mode() == null ? "?" : r.mode(), r.scenarios(), r.invocations(),
                    r.verdict() == null ? "?" : r.verdict(), r.timeMillis()));
        }
        String category = file.kind() != null ? file.kind()
                : folder.equals("twins") ? "known-bad twin" : folder.isEmpty() ? "suite" : "finding";
        Path txt = f.resolveSibling(name + ".txt");
        String interleaving = Files.isRegularFile(txt) ? Files.readString(txt) : null;
        String rel = "lincheck/" + (folder.isEmpty() ? "" : folder + "/") + f.getFileName();
        return new Suite(name, category, file.checks() == null ? "" : file.checks(), runs, interleaving,
                Stamp.of(rel, file.provenance(), freshness, CheckKind.LINCHECK.inputs()));
    }
}
