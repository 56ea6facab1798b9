package org.mpiverify.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.mpiverify.mpi.MatchingKind;
import org.mpiverify.results.CoreBenchFile;
import org.mpiverify.results.Progress;

/**
 * {@code bench core}'s native side works: the C program builds once per library (a second prepare reuses it), runs
 * under each library's {@code mpiexec} on two processes, and its figures reach {@code core.json}'s results as the
 * target on that library (MPICH's through a whole run of the bench; Open MPI's program once, its launcher being the
 * slower to start). Few iterations and well-formedness only: no timing is asserted. A missing library
 * fails under {@code CI=true} and skips elsewhere, naming the Debian packages.
 */
class NativeCoreBenchTest {
    private static final List<String> LIBRARIES = List.of("mpich", "openmpi");

    @Test
    @Timeout(value = 2, unit = TimeUnit.MINUTES)
    void bothLibrariesRunAndMpichsFiguresReachCoreJson(@TempDir Path dir) throws Exception {
        for (String library : LIBRARIES) {
            Optional<String> missing = NativeCoreBench.unavailable(library);
            if (missing.isPresent()) {
                if ("true".equalsIgnoreCase(System.getenv("CI"))) fail("CI must measure " + library + ": " + missing.get());
                Assumptions.abort(missing.get());
            }
        }
        Path cache = dir.resolve("native");
        List<NativeCoreBench> natives = new ArrayList<>();
        for (String library : LIBRARIES) {
            natives.add(NativeCoreBench.prepare(library, cache));
        }
        Path exe = onlyBuild(cache, "mpich");
        FileTime built = Files.getLastModifiedTime(exe);
        NativeCoreBench.prepare("mpich", cache);
        assertEquals(built, Files.getLastModifiedTime(onlyBuild(cache, "mpich")), "a second prepare reuses the build");

        // Open MPI once on its own (its launcher is the slower to start), MPICH through a whole CoreBench run.
        NativeCoreBench.Timing ompi = natives.get(1).run(20, 5, java.time.Duration.ofSeconds(60));
        assertTrue(ompi.pingPongNanos() > 0 && ompi.dupFreeNanos() > 0, ompi.toString());
        CoreBench bench = new CoreBench(2, 20, 5, MatchingKind.QUEUES, Progress.NONE, natives.subList(0, 1));
        List<CoreBench.Result> results = bench.run();
        assertEquals(java.util.Map.of(), bench.leftOut(), "MPICH ran in every trial");
        List<String> judged = results.stream().filter(r -> r.met() != null).map(CoreBench.Result::name).toList();
        assertEquals(CoreTargets.load().targets().stream().map(CoreTargets.Target::name)
                        .filter(n -> !n.contains("Open MPI")).toList(), judged,
                "every target of core-targets.json but Open MPI's judged, MPICH's included");
        CoreBench.Result r = results.stream().filter(x -> x.baselineName().equals("MPICH ping-pong")).findFirst()
                .orElseThrow(() -> new AssertionError("no row over MPICH's ping-pong: " + results));
        assertEquals(2, r.baseline().n(), "a value per trial after the warm-up");
        assertTrue(r.baseline().median() > 0 && r.ratio() > 0, r.toString());
        Path json = dir.resolve("core.json");
        CoreBench.writeJson(results, bench.linePrediction(), bench.leftOut(), json, "QUEUES", Path.of(""));
        CoreBenchFile back = CoreBenchFile.read(json);
        assertTrue(back.results().stream().anyMatch(x -> x.baseline().equals("MPICH ping-pong")
                && x.baselineStats().median() > 0), back.results().toString());
    }

    @Test
    void outputWithoutItsFiguresOrWithAWrongMessageIsAnError() throws IOException {
        NativeCoreBench.Timing t = NativeCoreBench.parse("MPICH", "pingpong_ns 512.5\ndupfree_ns 2900.0\nbad 0\n");
        assertEquals(new NativeCoreBench.Timing(512.5, 2900.0), t);
        assertTrue(assertThrows(IOException.class, () -> NativeCoreBench.parse("MPICH", "pingpong_ns 512.5\nbad 0\n"))
                .getMessage().contains("dupfree_ns"));
        assertTrue(assertThrows(IOException.class,
                () -> NativeCoreBench.parse("MPICH", "pingpong_ns 512.5\ndupfree_ns 2900.0\nbad 3\n")).getMessage()
                .contains("3 wrong messages"));
        assertThrows(IOException.class, () -> NativeCoreBench.parse("MPICH", "pingpong_ns 0\ndupfree_ns 2900.0\nbad 0\n"));
        assertThrows(IOException.class,
                () -> NativeCoreBench.parse("MPICH", "pingpong_ns 1\npingpong_ns 2\ndupfree_ns 2900.0\nbad 0\n"));
    }

    private static Path onlyBuild(Path cache, String library) throws IOException {
        try (Stream<Path> s = Files.list(cache)) {
            List<Path> dirs = s.filter(p -> p.getFileName().toString().startsWith(library + "-")).toList();
            assertEquals(1, dirs.size(), "one build of " + library + ": " + dirs);
            return dirs.get(0).resolve("core_bench");
        }
    }
}
