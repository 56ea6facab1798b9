package org.mpiverify.bench.dang;

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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mpiverify.bench.runner.FigureRunner;
import org.mpiverify.bench.runner.Settings;
import org.mpiverify.mpi.Job;
import org.mpiverify.mpi.MatchingKind;
import org.mpiverify.results.Json;

/**
 * {@code bench dang --quick} runs and writes every plot and series it promises, at every x, with targets
 * that have a status and a histogram table whose parts add up; SVGs parse. No timing is asserted
 * (performance is measured by the benchmark, not by tests).
 */
class DangFigureQuickTest {

    @Test
    @SuppressWarnings("unchecked")
    void quickRunWritesEveryPlotSeriesAndTarget(@TempDir Path dir) throws Exception {
        var text = new ByteArrayOutputStream();
        // QUEUES, the CLI's default: the figure fixes HASH_TABLE and its provenance must say so, not the option
        Settings s = Settings.of(1, true, MatchingKind.QUEUES, new PrintStream(text, true, StandardCharsets.UTF_8))
                .withComparisons(List.of(), List.of());
        FigureRunner.Output out;
        try {
            out = Assertions.assertTimeoutPreemptively(Duration.ofMinutes(4),
                    () -> FigureRunner.run(new DangFigure(), s, dir, Path.of("")),
                    () -> "quick dang did not finish in 4 min; threads:\n" + Job.threadDump());
        } catch (Throwable e) {
            System.err.println(text.toString(StandardCharsets.UTF_8));
            throw e;
        }
        Map<String, Object> json = (Map<String, Object>) Json.parse(Files.readString(out.json()));
        assertEquals("dang", json.get("benchmark"));
        assertNotNull(((Map<String, Object>) json.get("provenance")).get("commit"));
        assertEquals("HASH_TABLE (fixed by dang)",
                ((Map<String, Object>) ((Map<String, Object>) json.get("provenance")).get("versions")).get("core matching"));
        Map<String, List<String>> expected = new LinkedHashMap<>();
        expected.put(DangFigure.WAKEUP, List.of(DangFigure.CORE_VIRTUAL, DangFigure.CORE_PLATFORM,
                DangFigure.BARE_VIRTUAL, DangFigure.BARE_PLATFORM, DangFigure.CORE_SCHEDULER, DangFigure.BARE_SCHEDULER,
                DangFigure.MOUNT_FLOOR));
        expected.put(DangFigure.MATCHING, List.of(DangFigure.HASH, DangFigure.QUEUES, DangFigure.HASHMAP,
                DangFigure.MEMORY_FLOOR));
        expected.put(DangFigure.POOL, List.of(DangFigure.POOL_PLATFORM_SERIES, DangFigure.ALLOC));
        expected.put(DangFigure.POOL_VIRTUAL, List.of(DangFigure.POOL_PLATFORM_SERIES, DangFigure.ALLOC));
        expected.put(DangFigure.OVERALL, List.of(DangFigure.SPIN_FLOOR, DangFigure.CORE_VIRTUAL,
                DangFigure.BARE_PAIRS, DangFigure.CORE_PLATFORM, DangFigure.CORE_SCHEDULER));
        expected.put(DangFigure.FIG3, List.of(DangFigure.ONE_PLATFORM, DangFigure.ONE_VIRTUAL, DangFigure.manySeries()));
        expected.put(DangFigure.FIG4, List.of(DangFigure.ONE_PLATFORM, DangFigure.ONE_VIRTUAL, DangFigure.manySeries()));
        expected.put(DangFigure.SCALE, List.of(DangFigure.POSTED, DangFigure.MATCHED, DangFigure.TOTAL,
                DangFigure.TOTAL_SCHEDULER));
        expected.put(DangFigure.MEMORY, List.of(DangFigure.HEAP));
        List<Map<String, Object>> plots = (List<Map<String, Object>>) json.get("plots");
        assertEquals(expected.keySet().stream().toList(), plots.stream().map(p -> p.get("id")).toList());
        for (var e : expected.entrySet()) {
            Map<String, Object> plot = plots.stream().filter(p -> e.getKey().equals(p.get("id"))).findFirst().orElseThrow();
            for (String name : e.getValue()) {
                Map<String, Object> ser = ((List<Map<String, Object>>) plot.get("series")).stream()
                        .filter(x -> name.equals(x.get("name"))).findFirst()
                        .orElseGet(() -> fail("plot " + e.getKey() + " has no series '" + name + "'"));
                List<Map<String, Object>> points = (List<Map<String, Object>>) ser.get("points");
                assertTrue(!points.isEmpty(), e.getKey() + "/" + name);
                for (Map<String, Object> pt : points) {
                    assertTrue(((Number) pt.get("median")).doubleValue() > 0, e.getKey() + "/" + name + " " + pt);
                }
            }
        }
        List<Map<String, Object>> targets = (List<Map<String, Object>>) json.get("targets");
        assertEquals(6, targets.size());   // scale in both modes, heap, match, rate, signal
        for (Map<String, Object> t : targets) {
            assertTrue(List.of("MET", "MISSED", "NOT_EVALUATED").contains(t.get("status")), t.toString());
        }
        List<Map<String, Object>> tables = (List<Map<String, Object>>) json.get("tables");
        List<List<String>> rows = (List<List<String>>) tables.get(0).get("rows");
        double parts = 0;
        for (List<String> row : rows.subList(0, rows.size() - 1)) {
            parts += Double.parseDouble(row.get(1));
        }
        assertEquals(Double.parseDouble(rows.get(rows.size() - 1).get(1)), parts, 2.0, "histogram parts add up");
        assertTrue(Double.parseDouble(rows.get(0).get(1)) > 0, "the blocked threads' stacks were counted: " + rows);
        assertEquals(plots.size(), out.svgs().size());
        for (Path svg : out.svgs()) {
            assertEquals("svg", DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(svg.toFile())
                    .getDocumentElement().getNodeName());
        }
    }
}
