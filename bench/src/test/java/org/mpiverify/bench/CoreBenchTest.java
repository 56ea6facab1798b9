package org.mpiverify.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.mpiverify.mpi.MatchingKind;
import org.mpiverify.results.CoreBenchFile;
import org.mpiverify.results.Progress;

/**
 * The benchmark runs and reports what it measured (not how fast: timings are judged by the benchmark
 * itself against its same-run baseline, never asserted by a test).
 */
class CoreBenchTest {

    @Test
    @Timeout(value = 5, unit = TimeUnit.MINUTES)
    void quickRunProducesEveryMeasurementAndItsJson(@TempDir Path dir) throws Exception {
        List<Long> steps = new ArrayList<>();
        Progress progress = new Progress() {
            @Override public void set(long done) { steps.add(done); }
            @Override public void detail(String text) { }
            @Override public void println(String line) { }
        };
        CoreBench bench = new CoreBench(2, true, MatchingKind.HASH_TABLE, progress);
        List<CoreBench.Result> results = bench.run();
        assertEquals(List.of(0L, 1L, 2L), steps, "each trial done, the warm-up first");
        assertEquals(10, results.size());
        List<CoreBench.Result> judged = results.stream().filter(r -> r.met() != null).toList();
        assertEquals(CoreTargets.load().targets().stream().map(CoreTargets.Target::name).limit(3).toList(),
                judged.stream().map(CoreBench.Result::name).toList(),
                "without native libraries, the three targets of core-targets.json on the core alone, in its order");
        assertTrue(results.stream().anyMatch(r -> r.name().startsWith("bare mailbox") && r.met() == null),
                "the mailbox floor is a reference row, judged against nothing");
        for (CoreBench.Result r : results) {
            assertTrue(r.stats().median() > 0 && r.baseline().median() > 0, r.toString());
            assertEquals(2, r.stats().n());
        }
        CoreBench.LinePrediction lines = bench.linePrediction();
        assertEquals("HASH_TABLE", lines.engine());
        assertEquals(CoreTargets.load().lines("HASH_TABLE").orElseThrow().moves(), lines.moves(), "the data file's count");
        assertTrue(lines.handoffs() > 0 && lines.measuredOverFloor() > 0 && lines.predictedOverFloor() > 1, lines.toString());
        Path json = dir.resolve("bench/core.json");
        CoreBench.writeJson(results, lines, Map.of("Open MPI", "left out for the test"), json, "HASH_TABLE", Path.of(""));
        CoreBenchFile back = CoreBenchFile.read(json);
        assertEquals("core", back.benchmark());
        assertEquals("HASH_TABLE", back.matching());
        assertTrue(back.provenance().date() != null && back.machine().cores() > 0, back.toString());
        assertEquals(results.stream().map(CoreBench.Result::name).toList(),
                back.results().stream().map(CoreBenchFile.Row::name).toList(), "every measurement, read back as written");
        assertEquals(results.get(0).met(), back.results().get(0).met());
        assertEquals(List.of(lines.engine(), lines.lines(), lines.moves(), lines.onPath()),
                List.of(back.lines().engine(), back.lines().lines(), back.lines().moves(), back.lines().onPath()));
        assertEquals(lines.measuredOverFloor(), back.lines().measuredOverFloor(), 1e-4 * lines.measuredOverFloor(),
                "the ratio as written (JSON keeps six significant digits)");
        assertEquals(Map.of("Open MPI", "left out for the test"), back.leftOut());
    }

    @Test
    void statsAreMediansAndQuartiles() {
        Stats s = Stats.of(new double[] {5, 1, 3, 2, 4});
        assertEquals(3, s.median());
        assertEquals(1, s.min());
        assertEquals(5, s.max());
        assertEquals(2, s.p25());
        assertEquals(4, s.p75());
    }
}
