package org.mpiverify.audit.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.mpiverify.audit.report.AuditHtml;
import org.mpiverify.audit.report.AuditJson;
import org.mpiverify.audit.report.AuditMarkdown;
import org.mpiverify.audit.report.CellResult;
import org.mpiverify.audit.report.CellTrace;
import org.mpiverify.audit.report.ColumnResult;
import org.mpiverify.audit.report.TargetResult;
import org.mpiverify.results.Outcome;
import org.mpiverify.results.Provenance;

/**
 * {@code audit --trace}'s verdicts in the audit's judgement and files: a safe column's rejected or undecided trace is
 * a problem even when its runs passed, an unsafe column whose trace is rejected counts as rejected, and the trace
 * verdict stands beside the cell's in the JSON, the Markdown and the HTML. (The traces themselves: the trace module's
 * {@code AuditTraceTest}.)
 */
class TracedCellsTest {
    private static final RunTracing NONE = new RunTracing() {
        @Override public Recording record(AuditColumn column, org.mpiverify.harness.scenario.Scenario s, String run) {
            return null;
        }

        @Override public void close() { }
    };

    private static CellResult passed(CellTrace t) {
        return new CellResult("p2p-nonblocking", "nonblocking", "MPI-3.1", Outcome.PASS, "ok", 1, Map.of(Outcome.PASS, 1),
                List.of(), 0.1, t);
    }

    private static CellTrace trace(CellTrace.Verdict v) {
        return new CellTrace(v, 1, 3, v == CellTrace.Verdict.REJECTED ? 1 : 0, v == CellTrace.Verdict.ERROR ? 1 : 0, 420,
                2.5, "rank 0: arrive m59 (ctx 4, src 1, tag 0): queued", v == CellTrace.Verdict.REJECTED
                        ? List.of("trace/rejected/p2p-nonblocking_run1_rank0.md") : List.of());
    }

    private static TargetResult target(ColumnResult... columns) {
        return new TargetResult("core", "mpiverify core", new Provenance("2026-12-06T00:00:00Z", "abc", false, "25", "Linux",
                "host", 2, Map.of()), false, List.of(columns));
    }

    @Test
    void aSafeColumnsRejectedOrUndecidedTraceIsAProblemThoughItsRunsPassed() {
        for (CellTrace.Verdict v : CellTrace.Verdict.values()) {
            List<String> problems = AuditCommand.problems(target(new ColumnResult("PER_OBJECT/QUEUES", false,
                    List.of(passed(trace(v))))), true);
            boolean bad = v == CellTrace.Verdict.REJECTED || v == CellTrace.Verdict.ERROR;
            assertEquals(bad ? List.of("trace " + v + " PER_OBJECT/QUEUES p2p-nonblocking: "
                    + trace(v).summary()) : List.of(), problems, v.toString());
        }
    }

    @Test
    void anUnsafeColumnWhoseTraceIsRejectedCountsAsRejected() {
        ColumnResult twin = new ColumnResult("twin", true, List.of(passed(trace(CellTrace.Verdict.REJECTED))));
        assertEquals(List.of(), AuditCommand.problems(target(twin), true));
        ColumnResult accepted = new ColumnResult("twin", true, List.of(passed(trace(CellTrace.Verdict.ACCEPTED))));
        assertEquals(List.of("unsafe configuration twin was not rejected by any scenario run"),
                AuditCommand.problems(target(accepted), true));
    }

    @Test
    void theTraceVerdictStandsBesideTheCellsInEveryFile() {
        TargetResult r = target(new ColumnResult("PER_OBJECT/QUEUES", false, List.of(passed(trace(CellTrace.Verdict.REJECTED)))),
                new ColumnResult("GLOBAL/QUEUES", false, List.of(passed(null))));
        String md = AuditMarkdown.toMarkdown(r);
        assertTrue(md.contains("**PASS** 1/1; trace REJECTED 1/3 |"), md);
        assertTrue(md.contains("(trace/rejected/p2p-nonblocking_run1_rank0.md)"), md);
        assertTrue(AuditHtml.toHtml(r).contains("trace REJECTED 1/3"));
        String json = AuditJson.toJson(r);
        assertTrue(json.contains("\"verdict\": \"REJECTED\""), json);
        assertEquals(1, json.split("\"trace\"", -1).length - 1, "only the traced cell has a trace: " + json);
    }

    @Test
    void traceTakesTheCoreOnlyAndNotTheLockAuditor() {
        assertThrows(IllegalArgumentException.class, () -> new AuditCommand.Options("mpich", List.of(), null, false, false,
                null, false, NONE));
        assertThrows(IllegalArgumentException.class, () -> new AuditCommand.Options("core", List.of(), null, false, true,
                null, false, NONE));
        new AuditCommand.Options("core", List.of(), null, false, false, null, false, NONE);
    }
}
