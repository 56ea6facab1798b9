package org.mpiverify.audit;

import org.mpiverify.results.AuditResultsFile;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mpiverify.audit.report.AuditJson;
import org.mpiverify.audit.report.AuditReports;
import org.mpiverify.audit.report.TargetResult;
import org.mpiverify.audit.run.AuditColumn;
import org.mpiverify.audit.run.AuditRunner;
import org.mpiverify.core.sync.Granularity;
import org.mpiverify.harness.api.AuditMpi;
import org.mpiverify.harness.core.CoreAuditMpi;
import org.mpiverify.harness.core.CoreTarget;
import org.mpiverify.harness.launch.AuditTarget;
import org.mpiverify.harness.launch.RunOutcome;
import org.mpiverify.harness.scenario.RankReport;
import org.mpiverify.harness.scenario.ReportCodec;
import org.mpiverify.harness.scenario.Scenario;
import org.mpiverify.harness.scenario.Verdict;
import org.mpiverify.mpi.Job;
import org.mpiverify.mpi.MatchingKind;
import org.mpiverify.results.Console;
import org.mpiverify.results.Json;
import org.mpiverify.results.Outcome;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/** The result files parse back (JSON with Jackson, JUnit XML with the JDK's parser) and say what happened. */
class ResultFilesTest {

    /** The core, except that one scenario's receives are damaged: a column with a FAIL in it. */
    record BrokenCore(CoreTarget core) implements AuditTarget {
        @Override public String id() { return "core"; }
        @Override public String describe() { return "core with a damaging binding"; }
        @Override public java.util.Optional<String> unavailable() { return java.util.Optional.empty(); }
        @Override
        public RunOutcome runOnce(Scenario s) {
            return core.runOnce(s, (mpi, n) -> new KnownBadTwinsTest.CorruptingBinding(withoutIsendrecv(new CoreAuditMpi(mpi, n))));
        }
    }

    /**
     * The core through a binding without {@code MPI_Isendrecv}, as a library binding that lacks a call: its scenarios
     * that need the call are UNSUPPORTED (the core itself has every call the catalog uses).
     */
    record CoreWithoutIsendrecv(CoreTarget core) implements AuditTarget {
        @Override public String id() { return "core"; }
        @Override public String describe() { return "core through a binding without MPI_Isendrecv"; }
        @Override public java.util.Optional<String> unavailable() { return java.util.Optional.empty(); }
        @Override
        public RunOutcome runOnce(Scenario s) {
            return core.runOnce(s, (mpi, n) -> withoutIsendrecv(new CoreAuditMpi(mpi, n)));
        }
    }

    static AuditMpi withoutIsendrecv(AuditMpi binding) {
        return new DelegatingAuditMpi(binding) {
            @Override public long isendrecv(long comm, int[] sb, int sc, int dest, int st, int[] rb, int rc, int src, int rt) {
                throw new UnsupportedOperationException("MPI_Isendrecv: not in this binding");
            }
        };
    }

    @Test
    void jsonMarkdownHtmlAndJUnitXmlAreWellFormedAndAgree(@TempDir Path dir) throws Exception {
        CoreTarget core = AuditTesting.core(Granularity.PER_OBJECT, MatchingKind.HASH_TABLE);
        List<AuditColumn> columns = List.of(new AuditColumn("PER_OBJECT/HASH_TABLE", false, new CoreWithoutIsendrecv(core)),
                new AuditColumn("broken \"binding\" <twin>", true, new BrokenCore(core)));
        ByteArrayOutputStream progress = new ByteArrayOutputStream();
        AuditRunner runner = new AuditRunner(new AuditRunner.Options(false, 2,
                List.of("p2p-blocking", "iprobe-isendrecv"), Console.of(new PrintStream(progress, true), System.err)));
        TargetResult r;
        try {
            r = assertTimeoutPreemptively(Duration.ofSeconds(120),
                    () -> runner.runAndWrite("core", "mpiverify core 0.1.0", columns, Map.of("test", "1"), dir));
        } catch (AssertionError e) {
            System.err.println(Job.threadDump());
            throw e;
        }
        assertTrue(progress.toString().contains("runs/s"), progress.toString());

        AuditResultsFile typed = AuditResultsFile.read(AuditReports.jsonFile(dir, "core"));
        assertEquals(r.columns().stream().flatMap(c -> c.cells().stream()).map(x -> x.verdict().name()).toList(),
                typed.configurations().stream().flatMap(c -> c.scenarios().stream()).map(AuditResultsFile.ScenarioCell::verdict)
                        .toList(), "the file reads back into its record, every verdict as run");
        JsonNode json = new ObjectMapper().readTree(AuditReports.jsonFile(dir, "core").toFile());
        assertEquals("core", json.get("target").asText());
        assertEquals("mpiverify core 0.1.0", json.get("implementation").asText());
        assertEquals("1", json.get("provenance").get("versions").get("test").asText());
        assertTrue(json.get("provenance").has("commit") && json.get("provenance").has("date"));
        assertEquals(false, json.get("full").asBoolean());
        JsonNode cols = json.get("configurations");
        assertEquals(2, cols.size());
        assertEquals(false, cols.get(0).get("unsafe").asBoolean());
        assertEquals("broken \"binding\" <twin>", cols.get(1).get("name").asText());
        JsonNode good = cols.get(0).get("scenarios");
        assertEquals("p2p-blocking", good.get(0).get("id").asText());
        assertEquals("PASS", good.get(0).get("verdict").asText());
        assertEquals(2, good.get(0).get("runs").asInt());
        assertEquals(2, good.get(0).get("counts").get("PASS").asInt());
        assertTrue(good.get(0).get("seconds").asDouble() > 0);
        assertEquals("UNSUPPORTED", good.get(1).get("verdict").asText());
        assertEquals(1, good.get(1).get("counts").get("UNSUPPORTED").asInt(), "an UNSUPPORTED run ends its cell");
        JsonNode bad = cols.get(1).get("scenarios").get(0);
        assertEquals("FAIL", bad.get("verdict").asText());
        assertEquals(2, bad.get("counts").get("FAIL").asInt());
        assertTrue(bad.get("evidence").get(0).asText().contains("damaged"), bad.toString());

        Document xml = DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(AuditReports.junitFile(dir, "core").toFile());
        Element suite = xml.getDocumentElement();
        assertEquals("testsuite", suite.getTagName());
        assertEquals("4", suite.getAttribute("tests"));
        assertEquals("1", suite.getAttribute("failures"));
        assertEquals("2", suite.getAttribute("skipped"));
        NodeList failures = xml.getElementsByTagName("failure");
        assertEquals("FAIL", ((Element) failures.item(0)).getAttribute("type"));
        NodeList skipped = xml.getElementsByTagName("skipped");
        assertTrue(((Element) skipped.item(0)).getAttribute("message").startsWith("UNSUPPORTED: "));

        String md = Files.readString(dir.resolve("core.md"));
        assertTrue(md.contains("| `p2p-blocking`") && md.contains("**FAIL** 2/2"), md);
        String html = Files.readString(dir.resolve("core.html"));
        assertTrue(html.contains("class=\"FAIL\"") && html.contains("broken &quot;binding&quot; &lt;twin&gt;"));
        assertTrue(html.trim().endsWith("</html>"));
    }

    @Test
    void rankReportsSurviveTheOneLineJsonOfOutOfProcessTargets() {
        RankReport r = new RankReport(3, Map.of("members.dup #(1,2)", "101", "quote", "a\"b\\c"),
                List.of("line one\nline \"two\"\ttab \u0001"), "java.lang.IllegalStateException: x\n\tat y");
        String line = ReportCodec.encode(r);
        assertTrue(!line.contains("\n"), line);
        assertEquals(r, ReportCodec.decode(line));
    }

    @Test
    void verdictSeverityOrderIsTheContracts() {
        assertEquals(List.of(Outcome.FAIL, Outcome.HANG, Outcome.CRASH, Outcome.HAZARD,
                Outcome.UNSUPPORTED, Outcome.PASS), org.mpiverify.audit.report.CellResult.SEVERITY);
    }
}
