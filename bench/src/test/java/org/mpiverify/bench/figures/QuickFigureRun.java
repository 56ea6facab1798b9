package org.mpiverify.bench.figures;

import org.mpiverify.bench.runner.BenchFigure;
import org.mpiverify.bench.runner.FigureRunner;
import org.mpiverify.bench.runner.Settings;
import org.mpiverify.results.Json;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Assertions;
import org.mpiverify.mpi.Job;
import org.mpiverify.mpi.MatchingKind;

/**
 * Runs a figure in quick mode (one trial) into a temporary folder, under a deadline that prints every
 * thread's stack if it passes, and checks what it wrote: well-formed JSON with provenance, machine,
 * every expected plot, series and x value, targets with a status, and an SVG per plot that parses.
 * Times are not judged: performance is measured by the benchmarks, not asserted by tests.
 */
final class QuickFigureRun {
    private QuickFigureRun() {
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> runAndCheck(BenchFigure figure, Path dir, Map<String, List<String>> seriesByPlot,
                                           double[] xs) throws Exception {
        var text = new ByteArrayOutputStream();
        Settings s = Settings.of(1, true, MatchingKind.QUEUES, new PrintStream(text, true, StandardCharsets.UTF_8))
                .withComparisons(List.of(), List.of("native MPI: not used in unit tests"));
        FigureRunner.Output out;
        try {
            out = Assertions.assertTimeoutPreemptively(Duration.ofMinutes(3),
                    () -> FigureRunner.run(figure, s, dir, Path.of("")), () -> "quick " + figure.id()
                            + " did not finish in 3 min; threads:\n" + Job.threadDump());
        } catch (Throwable e) {
            System.err.println(text.toString(StandardCharsets.UTF_8));
            System.err.println(Job.threadDump());
            throw e;
        }
        String printed = text.toString(StandardCharsets.UTF_8);
        assertEquals(dir.resolve("bench").resolve(figure.id() + ".json"), out.json());
        Map<String, Object> json = (Map<String, Object>) Json.parse(Files.readString(out.json()));
        assertEquals(figure.id(), json.get("benchmark"));
        assertEquals(Boolean.TRUE, json.get("quick"));
        Map<String, Object> prov = (Map<String, Object>) json.get("provenance");
        assertNotNull(prov.get("commit"), "provenance has a commit");
        assertNotNull(((Map<String, Object>) json.get("machine")).get("cpu"), "machine has a cpu");
        List<Map<String, Object>> plots = (List<Map<String, Object>>) json.get("plots");
        for (var e : seriesByPlot.entrySet()) {
            Map<String, Object> plot = plots.stream().filter(p -> e.getKey().equals(p.get("id"))).findFirst()
                    .orElseGet(() -> fail("no plot " + e.getKey() + " in " + json.get("plots")));
            List<Map<String, Object>> series = (List<Map<String, Object>>) plot.get("series");
            for (String name : e.getValue()) {
                Map<String, Object> ser = series.stream().filter(x -> name.equals(x.get("name"))).findFirst()
                        .orElseGet(() -> fail("plot " + e.getKey() + " has no series '" + name + "'"));
                List<Map<String, Object>> points = (List<Map<String, Object>>) ser.get("points");
                assertEquals(xs.length, points.size(), e.getKey() + "/" + name + " points");
                for (int i = 0; i < xs.length; i++) {
                    assertEquals(xs[i], ((Number) points.get(i).get("x")).doubleValue(), e.getKey() + "/" + name + " x");
                    Object median = points.get(i).get("median");
                    assertTrue(median instanceof Number d && d.doubleValue() >= 0, e.getKey() + "/" + name + " median " + median);
                }
                assertTrue(printed.contains(name), "printed table names " + name);
            }
        }
        for (Map<String, Object> t : (List<Map<String, Object>>) json.get("targets")) {
            assertTrue(List.of("MET", "MISSED", "NOT_EVALUATED").contains(t.get("status")), t.toString());
            assertTrue(printed.contains((String) t.get("name")), "printed target " + t.get("name"));
        }
        assertEquals(List.of("native MPI: not used in unit tests"), json.get("skipped"));
        assertEquals(plots.size(), out.svgs().size());
        for (Path svg : out.svgs()) {
            var doc = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(svg.toFile());
            assertEquals("svg", doc.getDocumentElement().getNodeName());
        }
        assertTrue(printed.contains("trial 1/1"), "a progress line was printed");
        return json;
    }
}
