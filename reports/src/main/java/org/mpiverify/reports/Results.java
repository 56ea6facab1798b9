package org.mpiverify.reports;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Everything the producers left under {@code out/}: TLC models, Lincheck suites, the jcstress run,
 * audit targets, benchmark figures, the lock auditor's results, trace validation's verdicts, each stamped with provenance and freshness, and the problems met
 * reading them (an unreadable file is reported on the summary page, never silently skipped).
 */
public record Results(List<TlcResults.Model> tlc, List<LincheckResults.Suite> lincheck,
                      JcstressResults.Run jcstress, List<AuditResults.Target> audit,
                      List<BenchResults.Figure> bench, LockResults locks, List<TraceResults.Group> traces,
                      List<String> problems) {

    public static Results load(Path outDir, Freshness freshness) {
        List<String> problems = new ArrayList<>();
        return new Results(TlcResults.load(outDir, freshness, problems),
                LincheckResults.load(outDir, freshness, problems),
                JcstressResults.load(outDir, freshness, problems),
                AuditResults.load(outDir, freshness, problems),
                BenchResults.load(outDir, freshness, problems),
                LockResults.load(outDir, freshness, problems), TraceResults.load(outDir, freshness, problems),
                List.copyOf(problems));
    }

    /** Every result of one kind, in page order. */
    public List<? extends CheckResult> of(CheckKind kind) {
        return switch (kind) {
            case TLC -> tlc;
            case LINCHECK -> lincheck;
            case JCSTRESS -> jcstress == null ? List.of() : jcstress.tests();
            case AUDIT -> audit.stream().flatMap(t -> t.cells().stream()).toList();
            case BENCHMARK -> bench;
            case TRACE -> traces;
        };
    }

    /** One result file with the provenance of its entries (TLC entries of one run share one). */
    public record Source(String file, Stamp stamp, int entries) {}

    /** The result files and their provenance, for the sources table: one line per file and run. */
    public List<Source> sources() {
        List<Source> out = new ArrayList<>();
        for (CheckKind k : CheckKind.values()) {
            for (CheckResult r : of(k)) {
                Stamp s = r.stamp();
                String file = s.file().replaceAll("#.*$", "");
                int i = 0;
                while (i < out.size() && !(out.get(i).file().equals(file)
                        && java.util.Objects.equals(out.get(i).stamp().provenance(), s.provenance()))) i++;
                if (i < out.size()) out.set(i, new Source(file, out.get(i).stamp(), out.get(i).entries() + 1));
                else out.add(new Source(file, s, 1));
            }
        }
        return out;
    }
}
