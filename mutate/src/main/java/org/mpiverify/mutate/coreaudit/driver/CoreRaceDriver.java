package org.mpiverify.mutate.coreaudit.driver;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.mpiverify.audit.run.AuditColumn;
import org.mpiverify.audit.run.AuditRunner;
import org.mpiverify.audit.run.CoreColumns;
import org.mpiverify.audit.scenario.ScenarioCatalog;
import org.mpiverify.audit.scenario.catalog.Catalog;
import org.mpiverify.audit.scenario.catalog.CatalogScenario;
import org.mpiverify.core.contextid.EagerTestUnlockedContextIdAllocator;
import org.mpiverify.harness.api.AuditMpi;
import org.mpiverify.harness.core.CoreAuditMpi;
import org.mpiverify.harness.core.CoreTarget;
import org.mpiverify.harness.launch.AuditTarget;
import org.mpiverify.harness.launch.RunOutcome;
import org.mpiverify.harness.scenario.Scenario;
import org.mpiverify.harness.scenario.Verdict;
import org.mpiverify.mpi.CoreOverrides;
import org.mpiverify.mpi.JobConfig;
import org.mpiverify.mutate.race.HappensBefore;

/**
 * The audit's core columns as the race detector runs them: this class and everything it links (the audit, the
 * harness, the core) are loaded by the detector's class loader, the core instrumented and the rest with its
 * synchronisation rewritten, so the scenarios' threads and hand-offs order the core's accesses. The parent side
 * ({@code CoreRaceAudit}) calls it by reflection and gets only JDK types back.
 *
 * <p>Each rank's {@code AuditMpi} announces the call a thread is in ({@link HappensBefore#enterCall}), so a race
 * names the MPI call each side was made in.
 *
 * <p>Thread safety: one auditing thread calls it; the column list is built once.
 */
public final class CoreRaceDriver {
    /**
     * The known-bad twin whose defect is a data race, run only on the race column: the context-id allocator's first
     * round tests the eager segment's in-use bit before it takes the lock (twins/patches/jcstress/
     * EagerTestUnlockedContextIdAllocator.patch).
     */
    public static final String RACE_TWIN = "EagerTestUnlockedContextIdAllocator";
    /** The race twin's column name. */
    public static final String RACE_TWIN_COLUMN = "PER_OBJECT/QUEUES, context ids " + RACE_TWIN;

    private static final Map<Boolean, Map<String, Column>> COLUMNS = new LinkedHashMap<>();

    private CoreRaceDriver() { }

    private record Column(String kind, AuditTarget target) { }

    private static synchronized Map<String, Column> columns(boolean full) {
        return COLUMNS.computeIfAbsent(full, f -> {
            Map<String, Column> m = new LinkedHashMap<>();
            for (AuditColumn c : CoreColumns.configurations(f)) {
                m.put(c.name(), new Column(c.unsafe() ? "unsafe" : "safe", c.target()));
            }
            JobConfig exp = JobConfig.of(1).withExperimental(true);
            m.put(RACE_TWIN_COLUMN, new Column("race twin", new CoreTarget(RACE_TWIN_COLUMN, exp.withOverrides(
                    new CoreOverrides(RACE_TWIN, capacity -> new EagerTestUnlockedContextIdAllocator(capacity, false), null)),
                    f ? null : CoreColumns.QUICK_UNSAFE_DEADLINE)));
            return m;
        });
    }

    /** Every column's name and kind ({@code safe}, {@code unsafe}, {@code race twin}), in the audit's order. */
    public static List<String[]> columnsOf(boolean full) {
        List<String[]> l = new ArrayList<>();
        columns(full).forEach((name, c) -> l.add(new String[] {name, c.kind()}));
        return l;
    }

    /** Every scenario id, in the report's order. */
    public static List<String> scenarioIds() {
        return Catalog.inReportOrder(Catalog.scenarios()).stream().map(CatalogScenario::id).toList();
    }

    /** Runs {@code scenario} once on {@code column}; returns its verdict's outcome, summary and evidence (cut). */
    public static String[] run(String column, String scenarioId, boolean full) {
        Column c = columns(full).get(column);
        if (c == null) throw new IllegalArgumentException("no core column '" + column + "'; the columns are " + columns(full).keySet());
        Scenario s = ScenarioCatalog.byId(scenarioId);
        Verdict v = AuditRunner.runOnce(announcing((CoreTarget) c.target()), s);
        String evidence = String.join("\n", v.evidence());
        return new String[] {v.outcome().name(), v.summary(), evidence.length() > 4000 ? evidence.substring(0, 4000) : evidence};
    }

    /** {@code core} whose ranks' {@code AuditMpi} announce each call to the detector. */
    private static AuditTarget announcing(CoreTarget core) {
        return new AuditTarget() {
            @Override public String id() { return core.id(); }
            @Override public String describe() { return core.describe(); }
            @Override public Optional<String> unavailable() { return core.unavailable(); }
            @Override public RunOutcome runOnce(Scenario scenario) {
                return core.runOnce(scenario, (mpi, implementation) -> announcing(new CoreAuditMpi(mpi, implementation)));
            }
        };
    }

    private static AuditMpi announcing(AuditMpi mpi) {
        return (AuditMpi) Proxy.newProxyInstance(AuditMpi.class.getClassLoader(), new Class<?>[] {AuditMpi.class},
                (proxy, method, args) -> {
                    if (method.getDeclaringClass() == Object.class) return method.invoke(mpi, args);
                    boolean outermost = HappensBefore.enterCall("AuditMpi." + method.getName());
                    try {
                        return method.invoke(mpi, args);
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    } finally {
                        HappensBefore.exitCall(outermost);
                    }
                });
    }
}
