package org.mpiverify.bench.compare;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.mpiverify.harness.scenario.RankReport;
import org.mpiverify.harness.scenario.Scenario;
import org.mpiverify.harness.scenario.Verdict;

/**
 * Shared judging for the benchmarks' scenarios: a run passes when every rank finished, rank 0 reports
 * a positive, finite timing, and every rank reports {@code bad=0} (no wrong payload, count or size seen).
 * A timing from a run that delivered wrong data is not a timing.
 *
 * <p>Parameters travel to native rank processes as {@link #spec()} ({@code key=value,...}, read back by
 * each subclass's {@code fromSpec}); the deadline does not, since only the driver enforces it.
 */
abstract class MeasuringScenario implements Scenario {
    static final String BAD = "bad";
    private final Duration deadline;

    MeasuringScenario(Duration deadline) {
        if (deadline == null || deadline.isNegative() || deadline.isZero()) {
            throw new IllegalArgumentException("a measuring scenario needs a positive deadline, not " + deadline);
        }
        this.deadline = deadline;
    }

    @Override
    public final Duration deadline() {
        return deadline;
    }

    /** The same measurement with another deadline for one run (the figure's per-job deadline). */
    abstract MeasuringScenario withDeadline(Duration d);

    /**
     * Parses {@code key=value,...} with exactly {@code keys}, in any order; anything else is an
     * {@link IllegalArgumentException} naming the expected form.
     */
    static Map<String, String> parseSpec(String spec, String scenario, String... keys) {
        String form = String.join(",", java.util.Arrays.stream(keys).map(k -> k + "=...").toList());
        if (spec == null || spec.isBlank()) {
            throw new IllegalArgumentException(scenario + " spec is empty; expected " + form);
        }
        Map<String, String> values = new LinkedHashMap<>();
        for (String part : spec.split(",", -1)) {
            int eq = part.indexOf('=');
            if (eq <= 0 || eq == part.length() - 1) {
                throw new IllegalArgumentException(scenario + " spec '" + spec + "': '" + part + "' is not key=value; expected " + form);
            }
            if (values.put(part.substring(0, eq), part.substring(eq + 1)) != null) {
                throw new IllegalArgumentException(scenario + " spec '" + spec + "' repeats " + part.substring(0, eq));
            }
        }
        if (!values.keySet().equals(new java.util.HashSet<>(List.of(keys)))) {
            throw new IllegalArgumentException(scenario + " spec '" + spec + "' has keys " + values.keySet() + "; expected " + form);
        }
        return values;
    }

    static int intValue(Map<String, String> spec, String key) {
        try {
            return Integer.parseInt(spec.get(key));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(key + " must be an integer, not '" + spec.get(key) + "'");
        }
    }

    static boolean booleanValue(Map<String, String> spec, String key) {
        return switch (spec.get(key)) {
            case "true" -> true;
            case "false" -> false;
            default -> throw new IllegalArgumentException(key + " must be true or false, not '" + spec.get(key) + "'");
        };
    }

    /** The fact of rank 0 holding the figure's value. */
    abstract String timingFact();

    /** A benchmark: targets start its rank JVMs with the full JIT. */
    @Override
    public boolean measures() {
        return true;
    }

    @Override
    public int repeats(boolean full) {
        return 1;
    }

    @Override
    public Verdict judge(List<RankReport> reports) {
        List<String> evidence = new ArrayList<>();
        if (reports.size() != ranks()) {
            evidence.add("expected " + ranks() + " reports, got " + reports.size());
        }
        for (RankReport r : reports) {
            if (r.failed()) {
                evidence.add("rank " + r.rank() + " failed: " + r.error());
            } else if (!"0".equals(r.fact(BAD))) {
                evidence.add("rank " + r.rank() + " saw " + r.fact(BAD) + " wrong messages or results; "
                        + r.evidence());
            }
        }
        String t = reports.isEmpty() ? null : reports.get(0).fact(timingFact());
        double v = Double.NaN;
        try {
            v = t == null ? Double.NaN : Double.parseDouble(t);
        } catch (NumberFormatException e) {
            evidence.add("rank 0's " + timingFact() + " is not a number: " + t);
        }
        if (!(v > 0) || Double.isInfinite(v)) {
            evidence.add("rank 0 reported no positive " + timingFact() + " (" + t + ")");
        }
        if (!evidence.isEmpty()) {
            return Verdict.fail(id() + ": no valid timing", evidence);
        }
        return Verdict.pass(id() + ": " + timingFact() + " = " + t);
    }
}
