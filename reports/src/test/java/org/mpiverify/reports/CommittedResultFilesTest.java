package org.mpiverify.reports;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.mpiverify.results.AuditResultsFile;
import org.mpiverify.results.BenchFigureFile;
import org.mpiverify.results.CoreBenchFile;
import org.mpiverify.results.JcstressSummaryFile;
import org.mpiverify.results.LincheckResultsFile;
import org.mpiverify.results.LockAuditSummaryFile;
import org.mpiverify.results.LockReportFile;
import org.mpiverify.results.SpecMutationScoresFile;
import org.mpiverify.results.TlcResultsFile;
import org.mpiverify.results.TlcTraceFile;

/**
 * The result files committed as the dashboard's fixtures (written by real runs) and the recorded spec mutation scores,
 * read through the same records their producers write them with (the lock agent's reports: the record that is their
 * schema): a key a record lacks, or a value of another type, fails here before it reaches a page.
 */
class CommittedResultFilesTest {
    private static final Path REAL = FixtureRepo.FIXTURES.resolve("real");

    @Test
    void tlcResultsAndTheirCounterexamples() throws Exception {
        Path dir = REAL.resolve("tlc");
        TlcResultsFile file = TlcResultsFile.read(dir.resolve("results.json"));
        assertFalse(file.models().isEmpty());
        int counterexamples = 0;
        for (TlcResultsFile.Model m : file.models()) {
            assertTrue(m.provenance() != null && m.provenance().commit() != null, m.name());
            if (m.counterexample() == null) continue;
            TlcTraceFile trace = TlcTraceFile.read(dir.resolve(m.counterexample().json()));
            assertEquals(m.name(), trace.model());
            assertEquals(m.counterexample().steps(), trace.steps().size(), m.name());
            counterexamples++;
        }
        assertEquals(10, counterexamples, "the fixture's ten counterexamples");
    }

    @Test
    void lincheckSuitesTwinsAndFindings() throws Exception {
        List<Path> files;
        try (Stream<Path> s = Files.walk(REAL.resolve("lincheck"))) {
            files = s.filter(f -> f.toString().endsWith(".json")).toList();
        }
        assertFalse(files.isEmpty());
        for (Path f : files) {
            LincheckResultsFile file = LincheckResultsFile.read(f);
            assertFalse(file.runs().isEmpty(), f.toString());
            assertTrue(file.provenance() != null && file.provenance().commit() != null, f.toString());
        }
    }

    @Test
    void auditTargets() throws Exception {
        for (String target : List.of("core", "mpich")) {
            AuditResultsFile file = AuditResultsFile.read(FixtureRepo.FIXTURES.resolve("synthetic/audit/" + target + ".json"));
            assertEquals(target, file.target());
            assertTrue(file.configurations().stream().allMatch(c -> !c.scenarios().isEmpty()), target);
        }
    }

    @Test
    void jcstressSummary() throws Exception {
        JcstressSummaryFile summary = JcstressSummaryFile.read(REAL.resolve("jcstress/summary.json"));
        assertTrue(summary.tests().stream().anyMatch(t -> "broken-twin".equals(t.kind()) && t.forbiddenSamples() > 0));
        assertTrue(summary.tests().stream().allMatch(t -> !t.outcomes().isEmpty()));
    }

    @Test
    void benchCoreAndAFigure() throws Exception {
        CoreBenchFile core = CoreBenchFile.read(REAL.resolve("bench/core.json"));
        assertEquals("core", core.benchmark());
        assertFalse(core.results().isEmpty());
        assertTrue(core.results().stream().allMatch(r -> r.stats().n() > 0 && r.baselineStats().median() > 0));
        BenchFigureFile figure = BenchFigureFile.read(FixtureRepo.FIXTURES.resolve("synthetic/bench/fig-msgrate.json"));
        assertEquals("fig-msgrate", figure.benchmark());
        assertTrue(figure.provenance() != null && figure.provenance().commit() != null);
        assertTrue(figure.plots().stream().allMatch(p -> p.series().stream().allMatch(s -> !s.points().isEmpty())));
    }

    @Test
    void specMutationScoresOfRecord() throws Exception {
        SpecMutationScoresFile scores = SpecMutationScoresFile.read(FixtureRepo.MODULE.resolveSibling(
                SpecMutationScoresFile.PATH.toString()));
        assertFalse(scores.families().isEmpty());
        assertTrue(scores.families().stream().allMatch(f -> f.commit() != null && !f.specs().isEmpty()));
    }

    @Test
    void lockReportsAndTheirSummary() throws Exception {
        Path dir = REAL.resolve("locks");
        LockReportFile run = LockReportFile.read(dir.resolve("opposite-order.json"));
        assertTrue(run.cycles().stream().anyMatch(c -> "POTENTIAL_DEADLOCK".equals(c.verdict()) && !c.edges().isEmpty()));
        LockAuditSummaryFile summary = LockAuditSummaryFile.read(dir.resolve("audit-core.json"));
        assertEquals("core", summary.target());
        for (LockAuditSummaryFile.ReportLine r : summary.reports()) {
            LockReportFile report = LockReportFile.read(dir.resolve(r.file()));
            assertEquals(r.heldAcrossBlocking(), report.findings().heldAcrossBlocking().size(), r.name());
        }
        assertTrue(summary.findings().stream().anyMatch(f -> f.first() != null && !f.first().blockStack().isEmpty()),
                "a held-across-blocking finding with its stacks");
    }
}
