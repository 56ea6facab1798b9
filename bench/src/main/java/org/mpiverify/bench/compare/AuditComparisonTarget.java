package org.mpiverify.bench.compare;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.mpiverify.harness.launch.AuditTarget;
import org.mpiverify.harness.launch.RunOutcome;
import org.mpiverify.harness.scenario.RankReport;
import org.mpiverify.harness.scenario.Scenario;

/**
 * A comparison target backed by one of the harness's {@link AuditTarget}s: a figure's run is one
 * {@link AuditTarget#runOnce}, bounded by the figure's deadline for one job (plus the target's own
 * launch allowance). A completed run gives the ranks' reports; a hung or crashed one becomes a
 * {@link ComparisonRunException} carrying the target's evidence.
 *
 * <p>Subclasses only choose the library and must have a public no-argument constructor, because
 * {@link java.util.ServiceLoader} creates them. The series name is the library's name and version,
 * read from the library itself ({@link AuditTarget#describe()}) on first use.
 */
public abstract class AuditComparisonTarget implements ComparisonTarget {
    private static final Pattern VERSION = Pattern.compile("\\d+\\.\\d+(\\.\\d+)?");
    private final String library;
    private final AuditTarget target;
    private volatile String name;   // asked of the library once; a race asks twice, harmlessly

    protected AuditComparisonTarget(String library, AuditTarget target) {
        this.library = library;
        this.target = target;
    }

    /** {@code "MPICH 4.0.2"}: the library and the first version number in its own description. */
    @Override
    public String name() {
        String n = name;
        if (n == null) {
            if (target.unavailable().isPresent()) {
                return library + " (not installed)";
            }
            name = n = seriesName(library, target.describe());
        }
        return n;
    }

    static String seriesName(String library, String description) {
        Matcher m = VERSION.matcher(description);
        return m.find() ? library + " " + m.group() : library + " (version unknown: " + description + ")";
    }

    @Override
    public String describe() {
        return target.describe();
    }

    @Override
    public Optional<String> unavailable() {
        return target.unavailable();
    }

    @Override
    public List<RankReport> run(Scenario scenario, Duration deadline) throws ComparisonRunException {
        // the measuring scenarios take the figure's deadline; any other keeps its own
        Scenario bounded = scenario instanceof MeasuringScenario m ? m.withDeadline(deadline) : scenario;
        RunOutcome outcome = target.runOnce(bounded);
        return switch (outcome) {
            case RunOutcome.Completed c -> c.reports();
            case RunOutcome.Hung h -> throw new ComparisonRunException(name() + ": " + scenario.id() + " HUNG: "
                    + firstLine(h.stacks()), h.stacks());
            case RunOutcome.Crashed c -> throw new ComparisonRunException(name() + ": " + scenario.id() + " CRASHED: "
                    + firstLine(c.evidence()), c.evidence());
        };
    }

    private static String firstLine(String evidence) {
        return evidence.lines().map(String::strip).filter(l -> !l.isEmpty()).findFirst().orElse("(no evidence)");
    }

    @Override
    public String toString() {
        return target.id();
    }
}
