package org.mpiverify.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The benchmarks' result files: what the bench module writes is what the dashboard reads. */
class BenchResultFilesTest {
    private static final Provenance PROVENANCE = new Provenance("2026-12-06T00:00:00Z", "abc", false, "25", "Linux",
            "h", 2, Map.of("core matching", "QUEUES"));
    private static final BenchFigureFile.Machine MACHINE = new BenchFigureFile.Machine("AMD EPYC", 2, "25", "HotSpot",
            "Linux 6.1");

    @Test
    void aFigureWrittenThenReadIsTheSameRecord(@TempDir Path dir) throws Exception {
        var plot = new BenchFigureFile.Plot("rate", "Message rate", "Balaji et al. Fig. 3", "threads", "M msg/s",
                "M msg/s", false, true, null, List.of(new BenchFigureFile.Series("core", List.of(
                        new BenchFigureFile.Point(1, 4.5, 4, 4.25, 4.75, 5, 3)))));
        var file = new BenchFigureFile("fig-msgrate", "Message rate", 3, true, PROVENANCE, MACHINE, List.of(plot),
                List.of(new BenchFigureFile.Target("vs MPICH", "< 1x", null, "NOT_EVALUATED", false, "MPICH absent"),
                        new BenchFigureFile.Target("floor", "<= 2x", 1.5, "MET", true, "d")),
                List.of(new BenchFigureFile.Table("t1", "Table 1", "Balaji et al. Table 1", List.of("a", "b"),
                        List.of(List.of("x", "1.00")))), List.of("MPICH: not installed"), List.of("a note"));
        Path f = dir.resolve("bench/fig-msgrate.json");
        file.write(f);
        assertEquals(file, BenchFigureFile.read(f));
    }

    @Test
    void coreWrittenThenReadIsTheSameRecord(@TempDir Path dir) throws Exception {
        var stats = new CoreBenchFile.Stats(250, 200, 240, 260, 300, 7);
        var file = new CoreBenchFile("core", PROVENANCE, "2026-12-06T00:00:00Z", "QUEUES", MACHINE, List.of(
                new CoreBenchFile.Row("ping-pong", "ns", stats, "spin handoff", stats, 1, "<= 2.5x", true),
                new CoreBenchFile.Row("bare mailbox", "ns", stats, "spin handoff", stats, 1, null, null)),
                new CoreBenchFile.Lines("QUEUES", 9, 6, 4, 2, 2, 2, 2.5, 4.25), Map.of("Open MPI", "not installed"));
        Path f = dir.resolve("bench/core.json");
        file.write(f);
        assertEquals(file, CoreBenchFile.read(f));
        assertTrue(Files.readString(f).contains("\"met\": null"), "a row without a target says so");
    }
}
