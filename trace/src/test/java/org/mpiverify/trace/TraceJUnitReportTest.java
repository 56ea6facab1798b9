package org.mpiverify.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mpiverify.core.trace.TraceRecorder.Algorithm;
import org.mpiverify.trace.spi.TraceStep;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * The JUnit report of a validation as a CI server reads it: a well-formed {@code testsuite} whose counts agree with its
 * test cases, a rejected trace a {@code failure} naming its first bad event and the violated property, a twin's
 * rejected trace a pass. (The report of real rejections is checked in {@link ContextIdTraceTest}.)
 */
class TraceJUnitReportTest {
    @TempDir Path dir;

    private static TraceVerdict verdict(String name, TraceVerdict.Status status, int bad, String violated) {
        TraceStep step = bad == 0 ? null : new TraceStep(bad, 100 + bad, "p1/c2", "worker \"0\" <&>",
                "[k |-> \"Enter\", t |-> 5]", "p1/c2: owns the mask & offers {2}", "");
        return new TraceVerdict(name, Algorithm.CONTEXT_ID, "MULTITHREADED", "contextid/MultithreadedFig3Trace", status,
                1000, 1, 2.5, 1000, bad, status == TraceVerdict.Status.ACCEPTED ? "" : "why <it> failed",
                violated, step, bad == 0 ? Map.of() : Map.of("pc", "<<\"done\">>"), List.of(), "");
    }

    /** The messages of the report's failures (and errors), in order. */
    static List<String> failureMessages(Path file) throws Exception {
        Document d = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(Files.newInputStream(file));
        Element suite = d.getDocumentElement();
        assertEquals("testsuite", suite.getTagName());
        List<String> out = new ArrayList<>();
        for (String tag : List.of("failure", "error")) {
            NodeList l = d.getElementsByTagName(tag);
            for (int i = 0; i < l.getLength(); i++) out.add(((Element) l.item(i)).getAttribute("message"));
        }
        assertEquals(d.getElementsByTagName("testcase").getLength(), Integer.parseInt(suite.getAttribute("tests")));
        assertEquals(d.getElementsByTagName("failure").getLength(), Integer.parseInt(suite.getAttribute("failures")));
        assertEquals(d.getElementsByTagName("error").getLength(), Integer.parseInt(suite.getAttribute("errors")));
        return out;
    }

    @Test
    void aRejectedTraceIsAFailingTestCaseNamingItsEventAndTheViolatedProperty() throws Exception {
        Path f = dir.resolve("TEST-x.xml");
        TraceJUnitReport.write(f, List.of(verdict("ok/run", TraceVerdict.Status.ACCEPTED, 0, null),
                verdict("bad/run", TraceVerdict.Status.REJECTED, 48, "UniqueLive"),
                verdict("tlc/failed", TraceVerdict.Status.ERROR, 0, null)), null);
        List<String> failures = failureMessages(f);
        assertEquals(List.of("trace REJECTED at event 48 of 1000 (p1/c2: owns the mask & offers {2}): the spec's "
                + "UniqueLive is violated after it", "why <it> failed"), failures);
        String text = Files.readString(f);
        assertTrue(text.contains("as TLC read it: [k |-&gt; \"Enter\", t |-&gt; 5]"), text);
        assertTrue(text.contains("type=\"specs/contextid/MultithreadedFig3Trace.tla\""), text);
    }

    @Test
    void aTwinsRejectedTracePassesAndATwinNeverRejectedFails() throws Exception {
        Path f = dir.resolve("TEST-twin.xml");
        TraceJUnitReport.write(f, List.of(verdict("a", TraceVerdict.Status.ACCEPTED, 0, null),
                verdict("b", TraceVerdict.Status.REJECTED, 7, null)), "SomeTwin");
        assertEquals(List.of(), failureMessages(f));
        TraceJUnitReport.write(f, List.of(verdict("a", TraceVerdict.Status.ACCEPTED, 0, null)), "SomeTwin");
        List<String> failures = failureMessages(f);
        assertEquals(1, failures.size());
        assertTrue(failures.getFirst().startsWith("the twin SomeTwin was not caught"), failures.getFirst());
    }
}
