package org.mpiverify.mutate.report;

import org.mpiverify.results.MutationKillMatrixFile;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * The kill matrix: every mutant with its final status and the suite that killed it, and the figures
 * the report prints (per operator, per suite, per component). Statuses: KILLED (by a suite), TIMED_OUT
 * (a suite hung on the mutant and was stopped at its bound: detected), MEMORY_ERROR and RUN_ERROR
 * (the mutant broke the run: detected, as PIT counts them), SURVIVED, NO_COVERAGE (no suite ran the
 * mutated code: not detected), EQUIVALENT (argued in the equivalence file: left out of the rate), and
 * CLAIMED_EQUIVALENT_BUT_KILLED (an equivalence claim a suite refuted: an error in the claim).
 */
public record KillMatrix(List<Entry> mutants) {
    /** One mutant. {@code suite}: JUnit, Lincheck or jcstress, for detected mutants. */
    public record Entry(String key, String component, String operator, String mutatedClass, String method, int line,
                        String description, String status, String suite, String test, long millis, String timeSource,
                        String detail, String equivalence, String sourceDiff, String bytecodeDiff) {
        public boolean detected() {
            return switch (status) {
                case "KILLED", "TIMED_OUT", "MEMORY_ERROR", "RUN_ERROR", "CLAIMED_EQUIVALENT_BUT_KILLED" -> true;
                default -> false;
            };
        }

        public boolean equivalent() {
            return status.equals("EQUIVALENT");
        }

        public String packageName() {
            int i = mutatedClass.lastIndexOf('.');
            return i < 0 ? "" : mutatedClass.substring(0, i);
        }
    }

    /** Mutants detected, among those not argued equivalent. */
    public long detected() {
        return mutants.stream().filter(Entry::detected).count();
    }

    public long nonEquivalent() {
        return mutants.stream().filter(e -> !e.equivalent()).count();
    }

    public double killRate() {
        long n = nonEquivalent();
        return n == 0 ? 1.0 : (double) detected() / n;
    }

    /** Detected among the non-equivalent mutants that an execution on x86-64 can tell apart. */
    public double observableRate() {
        long n = nonEquivalent() - unobservable().size();
        return n == 0 ? 1.0 : (double) detected() / n;
    }

    public List<Entry> unobservable() {
        return mutants.stream().filter(e -> e.status().equals("UNOBSERVABLE")).toList();
    }

    /** Mutants neither detected nor argued (equivalent or unobservable here): the checks' gaps. */
    public List<Entry> survivors() {
        return mutants.stream().filter(e -> !e.detected() && !e.equivalent() && !e.status().equals("UNOBSERVABLE")).toList();
    }

    public List<Entry> wrongClaims() {
        return mutants.stream().filter(e -> e.status().equals("CLAIMED_EQUIVALENT_BUT_KILLED")).toList();
    }

    /** Counts by a grouping and status. */
    public Map<String, Map<String, Long>> counts(Function<Entry, String> group) {
        Map<String, Map<String, Long>> m = new TreeMap<>();
        for (Entry e : mutants) m.computeIfAbsent(group.apply(e), k -> new TreeMap<>()).merge(e.status(), 1L, Long::sum);
        return m;
    }

    /** Per suite: how many mutants it killed first (in the order JUnit, Lincheck, jcstress). */
    public Map<String, Long> killsBySuite() {
        Map<String, Long> m = new LinkedHashMap<>();
        for (String s : List.of("JUnit", "Lincheck", "jcstress", "race detector")) m.put(s, 0L);
        for (Entry e : mutants) if (e.detected() && e.suite() != null) m.merge(e.suite(), 1L, Long::sum);
        return m;
    }

    /** The figures of {@code out/mutate/kill-matrix.json}, rates rounded to four decimals. */
    public MutationKillMatrixFile.Totals totals() {
        return new MutationKillMatrixFile.Totals(mutants.size(), mutants.size() - nonEquivalent(), detected(),
                survivors().size(), Math.round(killRate() * 10000) / 10000.0, unobservable().size(),
                Math.round(observableRate() * 10000) / 10000.0, wrongClaims().size(), killsBySuite());
    }

    /** The mutants as {@code out/mutate/kill-matrix.json} holds them. */
    public List<MutationKillMatrixFile.Mutant> entries() {
        List<MutationKillMatrixFile.Mutant> list = new ArrayList<>();
        for (Entry e : mutants) {
            list.add(new MutationKillMatrixFile.Mutant(e.key(), e.component(), e.operator(), e.mutatedClass(), e.method(),
                    e.line(), e.description(), e.status(), e.suite() == null ? null
                            : new MutationKillMatrixFile.KilledBy(e.suite(), e.test() == null ? "" : e.test()),
                    e.millis(), e.timeSource(), e.detail(), e.equivalence(), e.sourceDiff(), e.bytecodeDiff()));
        }
        return list;
    }
}
