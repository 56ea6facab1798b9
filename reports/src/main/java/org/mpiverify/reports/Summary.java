package org.mpiverify.reports;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.mpiverify.results.Outcome;

/**
 * The summary grid: one row per algorithm of the traceability table, one cell per check kind, each
 * cell the worst verdict of the results the table names for the row. A cell is stale if any of its
 * results is; names the table claims but no file holds are counted as missing, never as passing.
 * Results the table does not name go to a last row, so nothing produced is left off the summary.
 */
public final class Summary {
    /** The row name that collects results the traceability table does not name. */
    public static final String UNLISTED = "Not in the traceability table";

    /** One cell. {@code claimed} is false for an empty column of the table: nothing to show. */
    public record Cell(CheckKind kind, Traceability.Row row, List<CheckResult> results, List<String> missing,
                       boolean claimed) {
        public Outcome verdict() {
            Outcome v = Outcome.worst(results.stream().map(CheckResult::verdict).toList());
            return v;
        }

        public boolean isStale() {
            return results.stream().anyMatch(r -> r.stamp().isStale());
        }

        public boolean isUnknown() {
            return results.stream().anyMatch(r -> r.stamp().freshness().state() == Freshness.State.UNKNOWN);
        }

        public boolean isEmpty() {
            return results.isEmpty() && missing.isEmpty();
        }

        /**
         * The cell's words: per target for the audit (an unsafe variant that the audit rejected counts as a
         * pass, so a target reads as its safe configurations' worst outcome), else the worst verdict and
         * how many share it; missing results with the command that produces them.
         */
        public String text() {
            if (isEmpty()) return "—";
            StringBuilder b = new StringBuilder();
            if (kind == CheckKind.AUDIT) {
                Map<String, List<Outcome>> byTarget = new LinkedHashMap<>();
                for (CheckResult r : results) {
                    byTarget.computeIfAbsent(((AuditResults.Cell) r).target(), t -> new ArrayList<>()).add(r.verdict());
                }
                byTarget.forEach((t, vs) -> b.append(b.isEmpty() ? "" : " · ").append(t).append(' ')
                        .append(Outcome.worst(vs).label()));
            } else if (!results.isEmpty()) {
                Outcome w = verdict();
                long n = results.stream().filter(r -> r.verdict() == w).count();
                b.append(w.label()).append(' ').append(n).append('/').append(results.size());
                if (kind == CheckKind.BENCHMARK) {
                    b.setLength(0);
                    results.forEach(r -> b.append(b.isEmpty() ? "" : "; ").append(r.name()).append(": ").append(r.label()));
                }
            }
            if (!missing.isEmpty()) {
                b.append(b.isEmpty() ? "" : "; ").append(missing.size()).append(" without result (")
                        .append(String.join(", ", missingCommands())).append(')');
            }
            if (isStale()) b.append(" (STALE)");
            else if (isUnknown()) b.append(" (provenance unknown)");
            return b.toString();
        }

        /** The commands that produce the missing results, each once. */
        public List<String> missingCommands() {
            return missing.stream().map(kind::command).distinct().toList();
        }

        /** Where the cell links: the row's section on the kind's detail page. */
        public String href() {
            return kind.page() + "#" + row.anchor();
        }
    }

    /** A row with its cells in {@link CheckKind} order. */
    public record Row(Traceability.Row row, List<Cell> cells) {}

    private final List<Row> rows;

    public Summary(List<Traceability.Row> table, Results results) {
        List<Row> out = new ArrayList<>();
        Map<CheckKind, Set<CheckResult>> placed = new LinkedHashMap<>();
        for (Traceability.Row t : table) {
            List<Cell> cells = new ArrayList<>();
            for (CheckKind k : CheckKind.values()) {
                List<CheckResult> mine = new ArrayList<>();
                for (CheckResult r : results.of(k)) {
                    if (belongs(t, k, r)) {
                        mine.add(r);
                        placed.computeIfAbsent(k, x -> new LinkedHashSet<>()).add(r);
                    }
                }
                List<String> missing = new ArrayList<>();
                for (String name : t.names(k)) {
                    if (mine.stream().noneMatch(r -> covers(k, name, matchName(k, r)))) missing.add(name);
                }
                cells.add(new Cell(k, t, mine, missing, t.claims(k)));
            }
            out.add(new Row(t, cells));
        }
        Traceability.Row extra = new Traceability.Row(UNLISTED, Map.of());
        List<Cell> extraCells = new ArrayList<>();
        boolean any = false;
        for (CheckKind k : CheckKind.values()) {
            List<CheckResult> rest = new ArrayList<>();
            for (CheckResult r : results.of(k)) if (!placed.getOrDefault(k, Set.of()).contains(r)) rest.add(r);
            any |= !rest.isEmpty();
            extraCells.add(new Cell(k, extra, rest, List.of(), false));
        }
        if (any) out.add(new Row(extra, extraCells));
        this.rows = List.copyOf(out);
    }

    public List<Row> rows() {
        return rows;
    }

    /** The name under which the table lists a result: a jcstress twin goes with the test it breaks. */
    static String matchName(CheckKind k, CheckResult r) {
        return k == CheckKind.JCSTRESS ? ((JcstressResults.Test) r).testedName() : r.name();
    }

    /**
     * Does the table's {@code claimed} name cover result {@code name}? Equal names do; a claimed
     * {@code ctx_*} covers every name with that prefix; so does, for a
     * Lincheck suite, a variant of the claimed suite ({@code RankMatchingQueuesLinearizabilityTest}
     * runs {@code RankMatchingLinearizabilityTest} over one engine).
     */
    static boolean covers(CheckKind k, String claimed, String name) {
        if (claimed.equals(name)) return true;
        if (claimed.endsWith("*")) return name.startsWith(claimed.substring(0, claimed.length() - 1));
        String suffix = "LinearizabilityTest";
        return k == CheckKind.LINCHECK && claimed.endsWith(suffix) && name.endsWith(suffix)
                && name.startsWith(claimed.substring(0, claimed.length() - suffix.length()));
    }

    private static boolean belongs(Traceability.Row t, CheckKind k, CheckResult r) {
        String name = matchName(k, r);
        return t.names(k).stream().anyMatch(c -> covers(k, c, name));
    }
}
