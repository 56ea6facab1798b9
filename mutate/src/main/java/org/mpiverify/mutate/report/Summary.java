package org.mpiverify.mutate.report;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;

/** The Markdown summary of a kill matrix: totals, and tables per operator, per suite and per package. */
public final class Summary {
    private Summary() {}

    static final List<String> STATUSES = List.of("KILLED", "TIMED_OUT", "MEMORY_ERROR", "RUN_ERROR", "SURVIVED",
            "NO_COVERAGE", "UNOBSERVABLE", "EQUIVALENT", "CLAIMED_EQUIVALENT_BUT_KILLED");

    public static String markdown(KillMatrix k, String title, String provenance) {
        StringBuilder sb = new StringBuilder("# ").append(title).append("\n\n").append(provenance).append("\n\n");
        sb.append(String.format("**%d of %d non-equivalent mutants detected (%.1f %%)**; %d argued equivalent; "
                        + "%d argued unobservable on x86-64 (%.1f %% of the rest detected); %d survived unexplained.%n%n",
                k.detected(), k.nonEquivalent(), 100 * k.killRate(), k.mutants().size() - k.nonEquivalent(),
                k.unobservable().size(), 100 * k.observableRate(), k.survivors().size()));
        sb.append("Detected = killed by a suite, or the suite hung on the mutant and was stopped at its bound (TIMED_OUT), ")
          .append("or the mutant broke the run (MEMORY_ERROR, RUN_ERROR). NO_COVERAGE: no suite of the component ran the mutated code.\n\n");
        table(sb, "Per operator", k, KillMatrix.Entry::operator);
        table(sb, "Per package", k, KillMatrix.Entry::packageName);
        sb.append("## Per suite (the first suite that killed each mutant: JUnit, then Lincheck, then jcstress, then the race detector on what survived them)\n\n");
        sb.append("| suite | mutants killed first |\n|---|---|\n");
        for (Map.Entry<String, Long> e : k.killsBySuite().entrySet()) sb.append("| ").append(e.getKey()).append(" | ").append(e.getValue()).append(" |\n");
        sb.append('\n');
        if (!k.survivors().isEmpty()) {
            sb.append("## Survivors\n\n| mutant | line | status |\n|---|---|---|\n");
            for (KillMatrix.Entry e : k.survivors()) {
                sb.append("| `").append(e.key()).append("` | ").append(e.line()).append(" | ").append(e.status()).append(" |\n");
            }
            sb.append('\n');
        }
        if (!k.wrongClaims().isEmpty()) {
            sb.append("## Equivalence claims refuted by a suite\n\n");
            for (KillMatrix.Entry e : k.wrongClaims()) sb.append("- `").append(e.key()).append("`: killed by ").append(e.test()).append('\n');
            sb.append('\n');
        }
        return sb.toString();
    }

    private static void table(StringBuilder sb, String title, KillMatrix k, Function<KillMatrix.Entry, String> group) {
        Map<String, Map<String, Long>> counts = k.counts(group);
        Set<String> used = new TreeSet<>();
        counts.values().forEach(m -> used.addAll(m.keySet()));
        List<String> cols = STATUSES.stream().filter(used::contains).toList();
        sb.append("## ").append(title).append("\n\n| ").append(title.replace("Per ", "")).append(" | mutants | ");
        for (String c : cols) sb.append(c).append(" | ");
        sb.append("detected |\n|---|---|");
        for (int i = 0; i <= cols.size(); i++) sb.append("---|");
        sb.append('\n');
        for (Map.Entry<String, Map<String, Long>> e : counts.entrySet()) {
            long total = e.getValue().values().stream().mapToLong(Long::longValue).sum();
            long eq = e.getValue().getOrDefault("EQUIVALENT", 0L);
            long det = 0;
            for (String s : List.of("KILLED", "TIMED_OUT", "MEMORY_ERROR", "RUN_ERROR", "CLAIMED_EQUIVALENT_BUT_KILLED")) {
                det += e.getValue().getOrDefault(s, 0L);
            }
            sb.append("| ").append(e.getKey()).append(" | ").append(total).append(" | ");
            for (String c : cols) sb.append(e.getValue().getOrDefault(c, 0L)).append(" | ");
            sb.append(total == eq ? "—" : String.format("%.0f %%", 100.0 * det / (total - eq))).append(" |\n");
        }
        sb.append('\n');
    }
}
