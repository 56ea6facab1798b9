package org.mpiverify.audit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.mpiverify.harness.nativempi.NativeAbi;
import org.mpiverify.harness.nativempi.Transport;

/**
 * The C programs of {@code audit/repro/} that decide whether a native FAIL or HANG of the audit is the library's: each
 * is compiled with the library's {@code mpicc} and run under its {@code mpiexec} where the library is installed, and
 * must still end the way audit/README.md says — passing where the audit passes, failing or hanging with the README's
 * words where the README calls the failure the library's — so a fixed library, or a program that no longer shows the
 * failure, fails this test. A run has a deadline, past which its whole process tree is killed. A missing library or compiler
 * fails under {@code CI=true} and skips elsewhere, naming the package.
 *
 * <p>Some failures come in some runs only (a hang in {@code MPI_Finalize} over TCP, outstanding idups). Their programs
 * run under {@code -Pfull} only, {@value #TRIES_FULL} times, and the recorded failure must show at least once (each has
 * shown in a third or more of the runs measured): a single run, which may pass or end the recorded way, could not fail
 * the test and would cost up to a deadline.
 */
class ReproProgramsTest {
    private static final Duration COMPILE = Duration.ofSeconds(60);
    private static final Duration RUN = Duration.ofSeconds(30);
    /** The deadline of a run that must hang: the same program passes on MPICH in 0.2 s, fails on Open MPI in 1.5 s. */
    private static final Duration HANG = Duration.ofSeconds(10);

    /** Runs of a program whose failure comes in some runs only, under {@code -Pfull}; one run otherwise. */
    static final int TRIES_FULL = 20;
    private static final boolean FULL = Boolean.getBoolean("mpiverify.full");

    /**
     * How a program must end: pass (" No Errors", exit 0), fail (exit non-zero), hang (killed at the deadline), or
     * either of the last two ({@code BREAKS}: a failure that shows as a wrong result or a hang, by the schedule); or,
     * for a failure that comes in some runs only, pass or hang ({@code HANGS_SOMETIMES}), pass, fail or hang
     * ({@code BREAKS_SOMETIMES}).
     */
    enum End { PASS, FAIL, HANG, BREAKS, HANGS_SOMETIMES, BREAKS_SOMETIMES;
        boolean sometimes() { return this == HANGS_SOMETIMES || this == BREAKS_SOMETIMES; }
    }

    /**
     * One program on one library, over a transport, on {@code ranks} processes, and how it must end; {@code says}: what
     * its output must contain (not for the two "sometimes" ends); {@code deadline}: past it a run is killed as hung (a
     * run that passes must fit well inside it).
     */
    record Case(String library, String program, String argument, End end, String says, Transport transport, int ranks,
                Duration deadline) {
        Case(String library, String program, String argument, End end, String says) {
            this(library, program, argument, end, says, Transport.DEFAULT, 2, end == End.PASS || end == End.FAIL ? RUN : HANG);
        }

        Case(String library, String program, String argument, End end, String says, Transport transport, int ranks) {
            this(library, program, argument, end, says, transport, ranks, end == End.PASS || end == End.FAIL ? RUN : HANG);
        }

        @Override
        public String toString() {
            return library + transport.columnSuffix() + " " + program + (argument.isEmpty() ? "" : " " + argument) + " "
                    + switch (end) {
                        case PASS -> "passes";
                        case FAIL -> "fails: " + says;
                        case HANG -> "hangs: " + says;
                        case BREAKS -> "fails or hangs: " + says;
                        case HANGS_SOMETIMES -> "hangs sometimes";
                        case BREAKS_SOMETIMES -> "fails or hangs sometimes";
                    };
        }
    }

    static Stream<Case> cases() {
        return allCases().filter(c -> FULL || !(c.end().sometimes() || FULL_ONLY.contains(c.program())));
    }

    /**
     * Programs run under {@code -Pfull} only although their end is certain: their failure is not about threads and
     * the audit's own cell shows it in every quick build ({@code greq-cross-thread} on MPICH), so a quick compile and
     * run would only repeat it; or it shows in a fraction of rounds whose size the machine's load sets
     * ({@code greq_free_in_completer.c}: 9 to 186 of its 2000 rounds on a loaded machine).
     */
    static final java.util.Set<String> FULL_ONLY = java.util.Set.of("greq_query_once.c", "greq_free_in_completer.c");

    static Stream<Case> allCases() {
        return Stream.of(
                new Case("mpich", "truncate_under_load.c", "", End.PASS, " No Errors"),
                new Case("mpich", "requests_cross_thread_completion.c", "", End.PASS, " No Errors"),
                new Case("mpich", "requests_cross_thread_completion.c", "single", End.PASS, " No Errors"),
                new Case("mpich", "requests_cross_thread_completion.c", "waitall", End.PASS, " No Errors"),
                // Open MPI 4.1.4's vader BTL with CMA single copy writes a truncated rendezvous message past the receive
                // buffer: one thread suffices
                new Case("openmpi", "truncate_under_load.c", "single", End.FAIL, "receive wrote 256 bytes of the 256 past its 20-int buffer"),
                // its MPI_Waitany, reporting one failed request, frees the array's other failed requests unreported; with
                // several threads the run may instead meet the MPI_Waitall hang below first
                new Case("openmpi", "requests_cross_thread_completion.c", "", End.BREAKS, "never reported itself"),
                new Case("openmpi", "requests_cross_thread_completion.c", "single", End.FAIL, "one was emptied, never reported"),
                // at MPI_THREAD_MULTIPLE its MPI_Waitall never returns when a request of the array failed before the call
                new Case("openmpi", "requests_cross_thread_completion.c", "waitall", End.HANG,
                        "MPI_Waitall over a failed and a pending receive..."),
                // MPICH 4.0.2 over UCX's TCP transport hangs in MPI_Finalize after a communicator was created and freed
                // (6 of 16 runs on 3 ranks); never over shared memory
                new Case("mpich", "finalize_after_comm_free.c", "", End.HANGS_SOMETIMES, "", Transport.TCP, 3),
                new Case("mpich", "finalize_after_comm_free.c", "", End.PASS, " No Errors", Transport.DEFAULT, 3),
                // comm-create-group-subsets-concurrent's intermittent HANG on MPICH is not MPICH's: its C twin passes
                new Case("mpich", "comm_create_group_subsets.c", "", End.PASS, " No Errors", Transport.DEFAULT, 3),
                // comm-idup-concurrent: MPICH hangs (6 of 7 runs; a run that passes takes 5-9 s), Open MPI hangs, fails or
                // segfaults (9 of 13; a pass takes 0.6-1.8 s)
                new Case("mpich", "comm_idup_concurrent.c", "", End.HANGS_SOMETIMES, "", Transport.DEFAULT, 3, RUN),
                new Case("openmpi", "comm_idup_concurrent.c", "", End.BREAKS_SOMETIMES, "", Transport.DEFAULT, 3),
                // greq-cross-thread: MPICH 4.0.2's MPI_Testall runs a generalized request's query callback twice, with no
                // second thread involved; Open MPI runs it once
                new Case("mpich", "greq_query_once.c", "single", End.FAIL, "MPI_Testall: query ran 2 times", Transport.DEFAULT, 1),
                new Case("mpich", "greq_query_once.c", "", End.FAIL, "MPI_Testall: query ran 2 times", Transport.DEFAULT, 1),
                new Case("openmpi", "greq_query_once.c", "single", End.PASS, " No Errors", Transport.DEFAULT, 1),
                new Case("openmpi", "greq_query_once.c", "", End.PASS, " No Errors", Transport.DEFAULT, 1),
                // the C form of greq-cross-thread's Open MPI difference (c-scenarios/scenarios.json): 9, 137 and 186 of 2000
                // MPI_Waitall rounds in three runs; the C scenario's own check, not the Java binding's recorded cell
                new Case("mpich", "greq_free_in_completer.c", "waitall", End.PASS, " No Errors", Transport.DEFAULT, 1),
                new Case("openmpi", "greq_free_in_completer.c", "waitall", End.FAIL, "ran in the completing thread in",
                        Transport.DEFAULT, 1),
                new Case("openmpi", "greq_free_in_completer.c", "wait", End.PASS, " No Errors", Transport.DEFAULT, 1));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void theProgramEndsAsTheReadmeSays(Case c) throws Exception {
        NativeAbi abi = NativeAbi.forLibrary(c.library());
        Path mpicc = Path.of("/usr/bin/mpicc." + c.library());
        AuditTesting.requireAvailable(abi.unavailable().or(() -> Files.isExecutable(mpicc) ? Optional.empty()
                : Optional.of(mpicc + " is missing; install it with: apt-get install " + abi.debianPackages())));
        Path source = Path.of("repro", c.program()).toAbsolutePath();
        assertTrue(Files.isRegularFile(source), source + " exists");
        Path dir = Files.createTempDirectory("repro-" + c.library());
        try {
            Path exe = compiled(mpicc, source, c.library());
            List<String> cmd = new ArrayList<>(List.of(abi.mpiexec().toString()));
            cmd.addAll(abi.mpiexecOptions());
            cmd.addAll(List.of("-n", Integer.toString(c.ranks()), exe.toString()));
            if (!c.argument().isEmpty()) cmd.add(c.argument());
            Duration limit = c.deadline();
            int tries = c.end().sometimes() ? TRIES_FULL : 1; // cases() leaves the "sometimes" programs to -Pfull
            int broken = 0;
            for (int i = 0; i < tries; i++) {
                long start = System.nanoTime();
                Result r = AuditTesting.within(limit.plusSeconds(20), "run " + c, () -> run(cmd, limit, dir, abi, c.transport()));
                String seen = c + " (exit " + r.exit() + (r.killed() ? ", killed at the deadline" : "") + ", "
                        + (System.nanoTime() - start) / 1_000_000 + " ms):\n" + r.output();
                System.out.println(seen.lines().limit(8).reduce((a, b) -> a + "\n  " + b).orElse(""));
                boolean passed = r.exit() == 0 && !r.killed() && r.output().contains(" No Errors");
                switch (c.end()) {
                    case PASS -> assertTrue(passed, "expected a pass: " + seen);
                    case FAIL -> assertTrue(r.exit() != 0 && !r.killed(), "expected a failure: " + seen);
                    case HANG -> assertTrue(r.killed(), "expected a hang: " + seen);
                    case BREAKS -> assertTrue(!passed && (r.killed() || r.exit() != 0), "expected a failure or a hang: " + seen);
                    case HANGS_SOMETIMES -> assertTrue(passed || r.killed(), "expected a pass or a hang: " + seen);
                    case BREAKS_SOMETIMES -> { }
                }
                if (!c.end().sometimes() && !(c.end() == End.BREAKS && r.killed())) {
                    assertTrue(r.output().contains(c.says()), "expected \"" + c.says() + "\": " + seen);
                }
                if (!passed) broken++;
            }
            if (c.end().sometimes()) {
                System.out.println(c + ": " + broken + " of " + tries + " runs " + (c.end() == End.HANGS_SOMETIMES ? "hung" : "failed or hung"));
                assertTrue(broken > 0, c + ": the recorded failure did not show in " + tries + " runs");
            }
        } finally {
            try (Stream<Path> s = Files.walk(dir)) {
                for (Path p : s.sorted(Comparator.reverseOrder()).toList()) Files.deleteIfExists(p);
            }
        }
    }

    /** Each program is compiled once per library and test run; the executables live until the JVM exits. */
    private static final java.util.Map<String, Path> EXECUTABLES = new java.util.concurrent.ConcurrentHashMap<>();

    private static Path compiled(Path mpicc, Path source, String library) throws Exception {
        String key = library + "/" + source.getFileName();
        Path known = EXECUTABLES.get(key);
        if (known != null) return known;
        Path dir = Files.createTempDirectory("repro-build-" + library);
        dir.toFile().deleteOnExit();
        Path exe = dir.resolve(source.getFileName().toString().replace(".c", ""));
        Result built = AuditTesting.within(COMPILE.plusSeconds(10), "compile " + source.getFileName(), () ->
                run(List.of(mpicc.toString(), "-O2", "-w", "-o", exe.toString(), source.toString(), "-lpthread"), COMPILE, dir));
        assertEquals(0, built.exit(), "compiling " + source + ":\n" + built.output());
        exe.toFile().deleteOnExit();
        dir.resolve("output.txt").toFile().deleteOnExit();
        EXECUTABLES.put(key, exe);
        return exe;
    }

    /** Exit status (-1 if killed), whether it was killed at the deadline, and stdout and stderr together. */
    record Result(int exit, boolean killed, String output) { }

    private static Result run(List<String> cmd, Duration deadline, Path dir) throws Exception {
        return run(cmd, deadline, dir, null, Transport.DEFAULT);
    }

    private static Result run(List<String> cmd, Duration deadline, Path dir, NativeAbi abi, Transport transport)
            throws Exception {
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true)
                .redirectOutput(dir.resolve("output.txt").toFile());
        if (abi != null) {
            pb.environment().putAll(abi.rankEnvironment());
            pb.environment().putAll(abi.transportEnvironment(transport));
        }
        Process p = pb.start();
        boolean done = p.waitFor(deadline.toMillis(), TimeUnit.MILLISECONDS);
        if (!done) {
            // leaves first (the ranks, Hydra's proxy), then the launcher; each waited for with a bound
            List<ProcessHandle> tree = new ArrayList<>(p.descendants().toList());
            java.util.Collections.reverse(tree);
            tree.add(p.toHandle());
            for (ProcessHandle h : tree) h.destroyForcibly();
            for (ProcessHandle h : tree) h.onExit().get(10, TimeUnit.SECONDS);
        }
        String out = Files.readString(dir.resolve("output.txt"), StandardCharsets.UTF_8);
        return new Result(done ? p.exitValue() : -1, !done, out);
    }
}
