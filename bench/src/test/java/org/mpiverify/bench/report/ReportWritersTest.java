package org.mpiverify.bench.report;

import org.mpiverify.results.BenchFigureFile;
import org.mpiverify.results.Json;
import org.mpiverify.results.Provenance;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.mpiverify.bench.Stats;

/** The JSON and SVG writers produce well-formed output for awkward names and values. */
class ReportWritersTest {
    private static final Stats S = new Stats(250, 200, 240, 260, 300, 3);

    private static Report report(String seriesName, double x) {
        Plot p = new Plot("fig1", "Latency \"quoted\" & <b>", "Paper Fig. 1", "size (bytes)", "ns", "ns", true, true,
                seriesName, List.of(new Series(seriesName).with(x, S).with(x * 8, S)));
        return new Report("fig1-gt", "title", 3, true, List.of(p),
                List.of(Target.notEvaluated("vs MPICH", "< 1x", "MPICH absent"),
                        Target.judged("floor", "<= 2x", 1.5, true, "d")),
                List.of(new Table("t1", "Table", "Paper Table 1", List.of("a", "b"), List.of(List.of("x", "1.00")))),
                List.of("MPICH: not installed"), List.of("note\nwith newline"));
    }

    @Test
    @SuppressWarnings("unchecked")
    void jsonParsesAndKeepsEverything() {
        String json = ReportJson.toJson(report("core \"MULTIPLE\"\\", 8),
                new Provenance("now", "abc", false, "25", "Linux", "h", 2, Map.of()));
        Map<String, Object> m = (Map<String, Object>) Json.parse(json);
        assertEquals("fig1-gt", m.get("benchmark"));
        var plot = ((List<Map<String, Object>>) m.get("plots")).get(0);
        var series = ((List<Map<String, Object>>) plot.get("series")).get(0);
        assertEquals("core \"MULTIPLE\"\\", series.get("name"));
        assertEquals(2, ((List<?>) series.get("points")).size());
        var targets = (List<Map<String, Object>>) m.get("targets");
        assertNull(targets.get(0).get("value"), "NaN is written as null");
        assertEquals("NOT_EVALUATED", targets.get(0).get("status"));
        assertEquals(Boolean.TRUE, targets.get(1).get("met"));
        assertEquals(List.of("note\nwith newline"), m.get("notes"));
        BenchFigureFile back = Json.read(json, BenchFigureFile.class);
        assertEquals("now", back.provenance().date());
        assertNull(back.targets().get(0).value(), "not evaluated: no value");
        assertEquals(1.5, back.targets().get(1).value());
        assertEquals(List.of(List.of("x", "1.00")), back.tables().get(0).rows(), "the tables, read back as written");
    }

    @Test
    void theTestReaderRejectsMalformedJson() {
        for (String bad : List.of("{\"a\": 1,}", "{\"a\" 1}", "[1 2]", "{\"a\": NaN}", "{\"a\": \"x}", "{} x",
                "{\"a\": 1, \"a\": 2}")) {
            assertThrows(IllegalArgumentException.class, () -> Json.parse(bad), bad);
        }
    }

    @Test
    void svgIsWellFormedWithDecadeTicksOnALogAxis() throws Exception {
        String svg = SvgPlot.render(report("a & <b>", 8).plots().get(0));
        var doc = DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(new ByteArrayInputStream(svg.getBytes(StandardCharsets.UTF_8)));
        assertEquals("svg", doc.getDocumentElement().getNodeName());
        assertTrue(svg.contains("a &amp; &lt;b&gt;"), "legend escaped");
        assertTrue(svg.contains("<polyline"), "a line per series");
        assertTrue(svg.contains("(log)"), "log axes are labelled");
        SvgPlot.Axis x = SvgPlot.Axis.of(List.of(8.0, 64.0, 32768.0), true);
        assertEquals(List.of(1.0, 10.0, 100.0, 1000.0, 10000.0, 100000.0), x.ticks());
        SvgPlot.Axis y = SvgPlot.Axis.of(List.of(0.3, 2.7), false);
        assertEquals(0.0, y.ticks().get(0));
        assertEquals(0.0, y.fraction(0));
        assertEquals(1.0, y.fraction(y.hi()));
    }
}
