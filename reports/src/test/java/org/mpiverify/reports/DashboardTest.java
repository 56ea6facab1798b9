package org.mpiverify.reports;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.mpiverify.results.Outcome;

/** The dashboard's content over the fixtures, without a browser (DashboardBrowserTest renders it). */
@Timeout(120)
class DashboardTest {
    @TempDir
    Path dir;

    private static String read(Path p) throws Exception {
        return Files.readString(p);
    }

    private static Summary.Cell cell(Path root, Path out, String rowPrefix, CheckKind kind) throws Exception {
        Results r = Results.load(out, new Freshness(root));
        Summary s = new Summary(Traceability.read(root).rows(), r);
        return s.rows().stream().filter(x -> x.row().algorithm().startsWith(rowPrefix)).findFirst().orElseThrow()
                .cells().get(kind.ordinal());
    }

    @Test
    void everyKindOfResultReachesItsPage() throws Exception {
        FixtureRepo repo = new FixtureRepo(dir, "real", "synthetic");
        Path index = ReportCommand.generate(repo.root, repo.out, new PrintStream(new ByteArrayOutputStream()), true);
        Path report = index.getParent();

        String summary = read(index);
        assertTrue(summary.contains("Locking for blocking calls"), "a row per traceability row");
        assertFalse(summary.contains("class=\"badge stale\" title="), () -> "fresh fixtures are current:\n"
                + summary.substring(summary.indexOf("id=\"sources\"")));

        String tlc = read(report.resolve("tlc.html"));
        assertTrue(tlc.contains("id=\"tlc-fig2-lock-around-call\""), "a section per model");
        assertTrue(tlc.contains("assets/tlc/fig2_lock_around_call.svg"), "the sequence diagram");
        assertTrue(tlc.contains("HOLDING the lock"), "the counterexample's step table");
        assertTrue(Files.isRegularFile(report.resolve("assets/tlc/fig2_lock_around_call.svg")));

        String lincheck = read(report.resolve("lincheck.html"));
        assertTrue(lincheck.contains("NonAtomicRefCountComm") && lincheck.contains("The following interleaving"),
                "a rejected twin with its interleaving");

        String jcstress = read(report.resolve("jcstress.html"));
        assertTrue(jcstress.contains("BrokenTwin") && jcstress.contains("FORBIDDEN <b>(seen)</b>"),
                "a twin with its forbidden outcome");

        String audit = read(report.resolve("audit.html"));
        assertTrue(audit.contains("rank-0-main"), "the HANG's thread stacks");
        assertTrue(audit.contains("a thread received the message another probed") && audit.contains("truncated"),
                "the FAIL's evidence");
        assertTrue(audit.contains("12.4 ms vs 0.14 ms"), "the HAZARD's evidence");
        assertTrue(audit.contains("assets/audit/mpich.md") && audit.contains("assets/audit/TEST-audit-mpich.xml"));

        String bench = read(report.resolve("bench.html"));
        assertTrue(bench.contains("assets/bench/fig-msgrate-rate.svg") && bench.contains("<td>MPICH 4.0.2</td>"),
                "each plot of a figure file with its series' points as rows");
        assertTrue(bench.contains("No plot file for this one (fig-msgrate-wait.svg)"), "a plot without its file says so");
        assertTrue(bench.contains("paperRef: Balaji et al. Fig. 3"));
        assertTrue(bench.contains("AMD EPYC"), "the machine");

        String md = read(report.resolve("summary.md"));
        assertTrue(md.startsWith("# mpiverify results") && md.contains("| Locking for blocking calls"));
    }

    @Test
    void lockAuditResultsGetTheirPageWithGraphsAndStacks() throws Exception {
        FixtureRepo repo = new FixtureRepo(dir, "real");
        Path report = ReportCommand.generate(repo.root, repo.out, new PrintStream(new ByteArrayOutputStream()), true).getParent();
        String locks = read(report.resolve("locks.html"));
        assertTrue(read(report.resolve("index.html")).contains("href=\"locks.html\""), "the summary links the page");
        for (String page : List.of("index.html", "tlc.html", "lincheck.html", "jcstress.html", "audit.html", "bench.html",
                "locks.html", "mutation.html", "spec-mutation.html")) {
            String html = read(report.resolve(page));
            String nav = html.substring(html.indexOf("<nav>"), html.indexOf("</nav>"));
            assertTrue(nav.contains("<a href=\"locks.html\">Locks</a>") && nav.contains("<a href=\"mutation.html\">Mutation</a>")
                            && nav.contains("<a href=\"spec-mutation.html\">Spec mutation</a>"),
                    page + "'s navigation reaches the lock and both mutation pages");
        }
        assertTrue(locks.contains("Audit of core") && locks.contains("held across a blocking wait"),
                "the core's audit with LOCK_AROUND_CALL's finding");
        assertTrue(locks.contains("CriticalSections.acquire") && locks.contains("Completion.await"),
                "the finding's acquire and block stacks");
        assertTrue(locks.contains("Run opposite-order") && locks.contains("POTENTIAL_DEADLOCK"), "a single run's cycle");
        assertTrue(locks.contains("<code>Comm.recv</code>"), "the per-call table");
        String runGraph = read(report.resolve("assets/locks/run-opposite-order.svg"));
        assertTrue(runGraph.contains("class=\"edge cycle\""), "the cycle's edges are drawn red");
        String coreGraph = read(report.resolve("assets/locks/audit-core.svg"));
        assertTrue(coreGraph.contains("CriticalSections") && !coreGraph.contains("class=\"edge cycle\""),
                "the core's graph has edges and no potential deadlock");
    }

    @Test
    void withoutLockResultsThePageSaysHowToMakeThem() throws Exception {
        FixtureRepo repo = new FixtureRepo(dir, "synthetic");
        Path report = ReportCommand.generate(repo.root, repo.out, new PrintStream(new ByteArrayOutputStream()), true).getParent();
        assertTrue(read(report.resolve("locks.html")).contains("No lock audit results under out/"));
        assertFalse(read(report.resolve("index.html")).contains("href=\"locks.html\">their own page"));
    }

    @Test
    void summaryCellsAggregateTheWorstVerdict() throws Exception {
        FixtureRepo repo = new FixtureRepo(dir, "real", "synthetic");
        Summary.Cell lockingAudit = cell(repo.root, repo.out, "Locking for blocking calls", CheckKind.AUDIT);
        assertEquals(Outcome.PASS, lockingAudit.verdict(),
                "the core's unsafe configuration hangs on Fig. 2: rejected, so it counts as a pass");
        assertTrue(lockingAudit.text().contains("core pass") && lockingAudit.text().contains("mpich pass"),
                lockingAudit.text());
        assertTrue(lockingAudit.results().stream().anyMatch(r -> ((AuditResults.Cell) r).unsafe()
                && ((AuditResults.Cell) r).outcome() == Outcome.HANG), "the HANG is still there to see");
        Summary.Cell lockingTlc = cell(repo.root, repo.out, "Locking for blocking calls", CheckKind.TLC);
        assertEquals(Outcome.PASS, lockingTlc.verdict(), "a deadlock TLC was told to find counts as pass");
        Summary.Cell queuesJcstress = cell(repo.root, repo.out, "Posted/unexpected queues", CheckKind.JCSTRESS);
        assertEquals(List.of(), queuesJcstress.missing(), "nested tests and twins are found under their class");
        assertTrue(queuesJcstress.results().stream().anyMatch(r -> ((JcstressResults.Test) r).twin()),
                "a twin goes with the test it breaks");
        Summary.Cell ctxBench = cell(repo.root, repo.out, "Context ids", CheckKind.BENCHMARK);
        assertTrue(ctxBench.text().contains("targets met"), ctxBench.text());
        assertTrue(ctxBench.isUnknown(), "bench core.json has no provenance block");
        Summary.Cell ctxAudit = cell(repo.root, repo.out, "Context ids", CheckKind.AUDIT);
        assertTrue(ctxAudit.text().contains("without result (./mpiverify audit --target all)"), ctxAudit.text());
    }

    @Test
    void aStaleResultIsMarkedStaleOnTheSummaryAndItsPage() throws Exception {
        FixtureRepo repo = new FixtureRepo(dir, "real", "synthetic");
        repo.changeAndCommit("specs");
        Summary.Cell tlc = cell(repo.root, repo.out, "Locking for blocking calls", CheckKind.TLC);
        Summary.Cell lincheck = cell(repo.root, repo.out, "Locking for blocking calls", CheckKind.LINCHECK);
        assertTrue(tlc.isStale(), "specs/ changed: TLC results are stale");
        assertFalse(lincheck.isStale(), "Lincheck does not depend on specs/");
        assertTrue(tlc.text().endsWith("(STALE)"), tlc.text());

        Path index = ReportCommand.generate(repo.root, repo.out, new PrintStream(new ByteArrayOutputStream()), true);
        String summary = read(index);
        assertTrue(summary.matches("(?s).*<td class=\"v-pass stale\"><a href=\"tlc.html#row-locking[^\"]*\">[^<]*STALE.*"),
                "the summary cell is marked stale");
        String page = read(index.resolveSibling("tlc.html"));
        assertTrue(page.contains("<b>STALE:</b>") && page.contains("specs/Code.java"), "the detail page says why");
        assertFalse(read(index.resolveSibling("lincheck.html")).contains("<b>STALE:</b>"));
        assertTrue(read(index.resolveSibling("summary.md")).contains("(STALE)**"), "Markdown marks it too");

        repo.changeAndCommit("impl");
        index = ReportCommand.generate(repo.root, repo.out, new PrintStream(new ByteArrayOutputStream()), true);
        for (String p : List.of("lincheck.html", "jcstress.html", "audit.html", "bench.html")) {
            assertTrue(read(index.resolveSibling(p)).contains("<b>STALE:</b>"), p + ": impl/ changed under it");
        }
    }

    @Test
    void anUnsafeVariantThatNoScenarioRejectsFailsTheSummary() throws Exception {
        FixtureRepo repo = new FixtureRepo(dir, "real", "synthetic");
        Path core = repo.out.resolve("audit/core.json");
        // the unsafe variant passes everything now: the audit did not reject it, and the summary says so
        Files.writeString(core, read(core).replace("\"verdict\":\"HANG\"", "\"verdict\":\"PASS\"")
                .replace("\"PASS\":3,\"HANG\":17", "\"PASS\":20").replace("\"verdict\":\"FAIL\"", "\"verdict\":\"PASS\"")
                .replace("\"PASS\":12,\"FAIL\":8", "\"PASS\":20"));
        Summary.Cell lockingAudit = cell(repo.root, repo.out, "Locking for blocking calls", CheckKind.AUDIT);
        assertEquals(Outcome.FAIL, lockingAudit.verdict(), lockingAudit.text());
        assertTrue(lockingAudit.text().contains("core fail"), lockingAudit.text());
    }

    @Test
    void badAuditFilesAreReportedNotTrusted() throws Exception {
        FixtureRepo repo = new FixtureRepo(dir, "synthetic");
        Path core = repo.out.resolve("audit/core.json");
        String text = read(core);
        // a HANG cell that claims PASS, and a FAIL without evidence: both break the audit's contract
        Files.writeString(core, text.replace("\"verdict\":\"HANG\"", "\"verdict\":\"PASS\"")
                .replace("\"evidence\":[\"thread A probed (src 1, tag 7, 8 bytes) then received (src 1, tag 7, 4 bytes): truncated\"]",
                        "\"evidence\":[]"));
        Results r = Results.load(repo.out, new Freshness(repo.root));
        assertTrue(r.problems().stream().anyMatch(p -> p.contains("fig2-deadlock") && p.contains("not the worst")), r.problems().toString());
        assertTrue(r.problems().stream().anyMatch(p -> p.contains("probe-recv-race") && p.contains("without evidence")), r.problems().toString());

        Files.writeString(core, text.replace("\"verdict\":\"HANG\"", "\"verdict\":\"MAYBE\""));
        Results bad = Results.load(repo.out, new Freshness(repo.root));
        assertTrue(bad.problems().stream().anyMatch(p -> p.contains("unknown verdict 'MAYBE'")), bad.problems().toString());
        assertThrows(IllegalArgumentException.class, () -> Outcome.parse("no_result"));
    }

    @Test
    void emptyOutputFolderGivesPagesThatSayHowToProduceResults() throws Exception {
        FixtureRepo repo = new FixtureRepo(dir);
        ByteArrayOutputStream o = new ByteArrayOutputStream();
        int rc = ReportCommand.run(new String[] {"--root", repo.root.toString()}, new PrintStream(o), System.err);
        assertEquals(0, rc);
        assertTrue(o.toString(StandardCharsets.UTF_8).contains("| Context ids"));
        assertTrue(read(repo.out.resolve("report/tlc.html")).contains("./mpiverify tlc"));
    }

    @Test
    void badCommandLineIsAUsageError() {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        assertEquals(2, ReportCommand.run(new String[] {"--bogus"}, System.out, new PrintStream(err)));
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("usage: report"));
        assertEquals(2, ReportCommand.run(new String[] {"--root"}, System.out, new PrintStream(err)));
        assertEquals(2, ReportCommand.run(new String[] {"--root", dir.resolve("nothing").toString()}, System.out,
                new PrintStream(err)));
    }
}
