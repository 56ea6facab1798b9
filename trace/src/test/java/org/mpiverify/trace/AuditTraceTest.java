package org.mpiverify.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.mpiverify.audit.report.CellResult;
import org.mpiverify.audit.report.CellTrace;
import org.mpiverify.audit.report.ColumnResult;
import org.mpiverify.audit.report.TargetResult;
import org.mpiverify.audit.run.AuditColumn;
import org.mpiverify.audit.run.AuditRunner;
import org.mpiverify.audit.run.CoreColumns;
import org.mpiverify.core.sync.Granularity;
import org.mpiverify.mpi.MatchingKind;
import org.mpiverify.results.Outcome;
import org.mpiverify.results.Workspace;
import org.mpiverify.testkit.FullBuild;
import org.mpiverify.testkit.ThreadDumpOnFailure;

/**
 * {@code audit --trace}: the audit's own runs on the core recorded and their traces validated per cell. Quick: one
 * cell of a safe column, its traces of all four traced algorithms accepted (on LOCK_FREE/QUEUES, which {@code
 * TraceQuickTest}'s quick run leaves to this test). Under {@code -Pfull}: a twin's column rejected by its trace (the queue
 * engine that drops a truncated receive, {@code twins/patches/audit/TruncationDropsReceiveEngine.patch}: the
 * message that should have matched it is queued while the spec has the receive posted) and the same cell accepted on
 * the real engine. A whole safe column, every scenario, its traces accepted: on request only (see its method).
 */
@ExtendWith(ThreadDumpOnFailure.class)
class AuditTraceTest {
    private static final AuditColumn SAFE = CoreColumns.safe(Granularity.PER_OBJECT, MatchingKind.QUEUES);
    /** The quick cell's column: {@code TraceQuickTest} leaves it to this test in the quick run. */
    static final AuditColumn QUICK_COLUMN = CoreColumns.safe(Granularity.LOCK_FREE, MatchingKind.QUEUES);
    private static final String TWIN = CoreColumns.engineTwinColumn("TruncationDropsReceiveEngine");
    /** The twin's scenario: its truncating receives are posted before their messages arrive. */
    private static final String TWIN_SCENARIO = "requests-cross-thread-completion";
    /** The quick cell: a short run (about 150 events) that takes steps of all four traced algorithms. */
    private static final String QUICK_SCENARIO = "attr-lists";

    @Test
    @Timeout(value = 2, unit = TimeUnit.MINUTES)
    void aSafeCellsTracesAreAccepted(@TempDir Path out) {
        CellResult cell = only(audit(List.of(QUICK_COLUMN), List.of(QUICK_SCENARIO), 1, out).columns().getFirst());
        assertEquals(Outcome.PASS, cell.verdict(), cell.summary());
        CellTrace t = cell.trace();
        assertNotNull(t, "a traced column's cell has a trace verdict");
        assertEquals(CellTrace.Verdict.ACCEPTED, t.verdict(), t.summary());
        assertEquals(1, t.runs());
        assertTrue(t.traces() >= 4 && t.events() > 0, "the run's context-id, matching, probe and completion traces: " + t);
    }

    /**
     * Recording must not change what the audit sees: the idup twin's column replaces the context-id allocator, which
     * refuses to record (every run CRASHed with {@code --trace}); it records its other algorithms and passes where
     * it passes untraced. Its runs only: no TLC.
     */
    @Test
    @Timeout(value = 1, unit = TimeUnit.MINUTES)
    void aColumnWithAReplacedAllocatorRunsAsItDoesUntraced(@TempDir Path out) {
        AuditColumn idupTwin = CoreColumns.unsafeConfigurations(CoreColumns.QUICK_UNSAFE_DEADLINE).stream()
                .filter(c -> c.name().contains("idup ")).findFirst().orElseThrow();
        var scenario = org.mpiverify.audit.scenario.ScenarioCatalog.byId(QUICK_SCENARIO);
        try (AuditRunTracing tracing = new AuditRunTracing(Workspace.root().resolve("specs"), out, 1)) {
            var recording = tracing.record(idupTwin, scenario, "idup-twin");
            assertNotNull(recording);
            var v = AuditRunner.runOnce(recording.target(), scenario);
            assertEquals(Outcome.PASS, v.outcome(), v.summary());
        }
    }

    /** {@code -Pfull} ({@link FullBuild}). */
    @TestFactory
    Stream<DynamicTest> aTwinsColumnIsRejectedByItsTraceAndTheRealEnginesIsNot(@TempDir Path out) {
        return FullBuild.only(TWIN, Duration.ofMinutes(5), () -> twinsColumnRejected(out));
    }

    private void twinsColumnRejected(Path out) throws Exception {
        AuditColumn twin = CoreColumns.unsafeConfigurations(CoreColumns.QUICK_UNSAFE_DEADLINE).stream()
                .filter(c -> c.name().equals(TWIN)).findFirst().orElseThrow();
        TargetResult r = audit(List.of(SAFE, twin), List.of(TWIN_SCENARIO), 1, out);
        CellTrace real = only(r.columns().get(0)).trace();
        assertEquals(CellTrace.Verdict.ACCEPTED, real.verdict(), real.summary());
        CellTrace bad = only(r.columns().get(1)).trace();
        assertEquals(CellTrace.Verdict.REJECTED, bad.verdict(), bad.summary());
        assertTrue(bad.summary().matches(".*REJECTED at event \\d+: rank \\d: arrive .*: queued.*"), bad.summary());
        assertFalse(bad.reports().isEmpty());
        String page = Files.readString(out.resolve(bad.reports().getFirst()));
        assertTrue(page.contains("Arrive"), "the first bad event is the arrival queued past the posted receive:\n" + page);
    }

    /**
     * The whole catalog on one safe column, each scenario's quick repeats, every trace accepted. Not in {@code -Pfull}
     * yet: the column records about 1.1 million events ({@code context-id-exhaustion} 576,171 of them) and TLC
     * validates a few hundred a second, a probe trace slower with every window, so the run takes hours; it runs with
     * {@code -Dmpiverify.auditTraceColumn=true} (otherwise the factory holds no test).
     */
    @TestFactory
    Stream<DynamicTest> aWholeSafeColumnsTracesAreAccepted() {
        return FullBuild.when(Boolean.getBoolean("mpiverify.auditTraceColumn"), SAFE.name(), Duration.ofHours(12),
                this::wholeSafeColumnAccepted);
    }

    private void wholeSafeColumnAccepted() {
        Path out = Workspace.outputDir(Workspace.root()).resolve("audit-trace-column");
        ColumnResult column = audit(List.of(SAFE), List.of(), 0, out).columns().getFirst();
        long traced = column.cells().stream().filter(c -> c.trace().verdict() == CellTrace.Verdict.ACCEPTED).count();
        List<String> bad = column.cells().stream().filter(c -> c.trace().verdict() != CellTrace.Verdict.ACCEPTED
                && c.trace().verdict() != CellTrace.Verdict.NO_STEPS).map(c -> c.id() + ": " + c.trace().summary()).toList();
        assertEquals(List.of(), bad);
        assertTrue(traced >= column.cells().size() / 2, traced + " of " + column.cells().size() + " cells traced");
    }

    /** Audits {@code columns} with {@code --trace}, each scenario {@code repeats} times (0: its own quick count). */
    private static TargetResult audit(List<AuditColumn> columns, List<String> scenarios, int repeats, Path out) {
        try (AuditRunTracing tracing = new AuditRunTracing(Workspace.root().resolve("specs"), out,
                Runtime.getRuntime().availableProcessors())) {
            AuditRunner runner = new AuditRunner(new AuditRunner.Options(false, repeats, scenarios, null, tracing));
            TargetResult r = runner.run("core", "mpiverify core", columns, Map.of());
            for (ColumnResult c : r.columns()) {
                for (CellResult x : c.cells()) {
                    System.out.println(c.name() + " " + x.id() + ": " + x.verdict() + "; trace " + x.trace());
                }
            }
            return r;
        }
    }

    private static CellResult only(ColumnResult c) {
        assertEquals(1, c.cells().size());
        return c.cells().getFirst();
    }
}
