package org.mpiverify.harness.nativempi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;
import org.mpiverify.harness.launch.RunOutcome;
import org.mpiverify.harness.scenario.RankReport;
import org.mpiverify.harness.scenario.Scenario;
import org.mpiverify.harness.scenario.Verdict;
import org.mpiverify.harness.scenario.Workers;
import org.mpiverify.results.Outcome;

/**
 * What every native target must do, run once per library by {@link MpichTargetTest} and
 * {@link OpenMpiTargetTest}. A missing library fails the tests when {@code CI=true} and skips them
 * elsewhere, with the message naming the Debian packages.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Timeout(120) // backstop; each run has its own deadline, and Deadline prints a thread dump
abstract class NativeTargetContract {
    private static final Duration TEST_LIMIT = Duration.ofSeconds(90);

    abstract NativeTarget target();

    /** The library's version as {@code MPI_Get_library_version} prints it. */
    abstract String expectedVersion();

    @BeforeAll
    void requireLibrary() {
        requireAvailable(target().unavailable(), System.getenv("CI"));
    }

    /** A missing library fails under CI (no target may be skipped there) and skips the tests elsewhere. */
    static void requireAvailable(Optional<String> missing, String ciVariable) {
        if (missing.isEmpty()) return;
        if ("true".equalsIgnoreCase(ciVariable)) fail("CI must audit every target: " + missing.get());
        Assumptions.abort(missing.get());
    }

    RunOutcome run(Scenario s) throws Exception {
        RunOutcome o = Deadline.within(TEST_LIMIT, target().id() + " " + s.id(), () -> target().runOnce(s));
        System.out.println(target().id() + " " + s.id() + ": " + o.getClass().getSimpleName()
                + " in " + nanosOf(o) / 1_000_000 + " ms");
        return o;
    }

    List<RankReport> completed(Scenario s) throws Exception {
        RunOutcome o = run(s);
        if (!(o instanceof RunOutcome.Completed c)) throw new AssertionError(s.id() + " did not complete: " + o);
        for (RankReport r : c.reports()) assertTrue(!r.failed(), "rank " + r.rank() + " threw:\n" + r.error());
        return c.reports();
    }

    private static long nanosOf(RunOutcome o) {
        return switch (o) {
            case RunOutcome.Completed c -> c.nanos();
            case RunOutcome.Hung h -> h.nanos();
            case RunOutcome.Crashed c -> c.nanos();
        };
    }

    @Test
    void describeReadsTheVersionFromTheLibrary() throws Exception {
        String d = Deadline.within(TEST_LIMIT, target().id() + " describe", target()::describe);
        assertTrue(d.contains(expectedVersion()), d);
    }

    @Test
    void fourThreadsPerRankDeliverEveryMessage() throws Exception {
        ThreadedPointToPointScenario s = new ThreadedPointToPointScenario();
        List<RankReport> reports = completed(s);
        assertEquals("3", reports.getFirst().fact("provided"), "MPI_THREAD_MULTIPLE provided");
        Verdict v = s.judge(reports);
        assertEquals(Outcome.PASS, v.outcome(), v.toString());
    }

    @Test
    void sendToAnInvalidRankIsMpiErrRank() throws Exception {
        int errRank = target().abi().errorClass("MPI_ERR_RANK");
        for (RankReport r : completed(new InvalidRankScenario())) {
            assertEquals("MPI_ERR_RANK/" + errRank, r.fact("send.99"), r.evidence().toString());
            assertEquals("MPI_ERR_RANK/" + errRank, r.fact("send.-7"), r.evidence().toString());
        }
    }

    @Test
    void statusFieldsWithWildcardsAndMatchedProbe() throws Exception {
        RankReport r0 = completed(new WildcardStatusScenario()).getFirst();
        Map<String, String> expected = Map.ofEntries(
                Map.entry("recv", "1/7/3"), Map.entry("recv.data", "true"),
                Map.entry("probe", "1/8/5"), Map.entry("probe.recv", "1/8/5"), Map.entry("probe.data", "true"),
                Map.entry("mprobe", "1/9/2"), Map.entry("mrecv", "1/9/2"), Map.entry("mrecv.data", "true"),
                Map.entry("improbe", "1/10/4"), Map.entry("imrecv", "1/10/4"), Map.entry("imrecv.data", "true"),
                Map.entry("irecv", "1/11/1"), Map.entry("irecv.data", "true"),
                Map.entry("recv.procnull", "-3/-1/0"), Map.entry("mprobe.procnull", "MESSAGE_NO_PROC"),
                Map.entry("mprobe.procnull.status", "-3/-1/0"), Map.entry("mrecv.procnull", "-3/-1/0"),
                Map.entry("iprobe.empty", "null"));
        assertEquals(new java.util.TreeMap<>(expected), new java.util.TreeMap<>(r0.facts()));
    }

    @Test
    void communicatorsAndGroups() throws Exception {
        List<RankReport> reports = completed(new CommunicatorScenario());
        for (RankReport r : reports) {
            int rank = r.rank();
            assertEquals("0", r.fact("compare.self"), "IDENT");
            assertEquals("1", r.fact("dup.compare"), "CONGRUENT");
            assertEquals("2", r.fact("dup.size"));
            assertEquals((11 - rank) + "/" + (1 - rank) + "/4", r.fact("dup.sendrecv"));
            assertEquals(Integer.toString(1 - rank), r.fact("split.rank"));
            assertEquals("2", r.fact("split.size"));
            assertEquals("2", r.fact("split.compare"), "SIMILAR: same members, other order");
            assertEquals(rank == 0 ? "size 1" : "COMM_NULL", r.fact("split.undefined"));
            assertEquals("2", r.fact("group.size"));
            assertEquals("1", r.fact("group0.size"));
            assertEquals(rank == 0 ? "size 1" : "COMM_NULL", r.fact("create"));
            assertEquals(rank == 0 ? "size 1 rank 0" : null, r.fact("createGroup"));
            assertEquals("3", r.fact("allreduce.sum"));
            assertEquals("2", r.fact("allreduce.max"));
            assertEquals("42", r.fact("bcast"));
        }
    }

    @Test
    void requestsAndTheRemainingCalls() throws Exception {
        for (RankReport r : completed(new RequestLifecycleScenario())) {
            int other = 1 - r.rank();
            assertEquals("true -5", r.fact("cancel"), "cancelled, buffer untouched");
            assertEquals("null", r.fact("test.before"));
            assertEquals((60 + other) + "/" + other + "/6", r.fact("test.after"));
            assertEquals(Integer.toString(70 + other), r.fact("freed.delivered"));
            assertEquals(Integer.toString(80 + other), r.fact("ssend"));
            assertEquals("true", r.fact("wtime"), r.fact("wtime.values"));
            assertEquals("3", r.fact("queryThread"));
            assertEquals("true", r.fact("isThreadMain"));
            assertEquals("refused", r.fact("stale"));
            assertEquals("MPI_ERR_OTHER / query boom " + r.rank(), r.fact("greq.queryThrows"));
            assertEquals("gone", r.fact("greq.after"));
        }
    }

    @Test
    void receiveFirstDeadlockIsAHangWithStacksAndNoProcessLeft() throws Exception {
        assertHungAndCleanedUp(new RecvFirstDeadlockScenario(), "NativeMpi.recv", "RecvFirstDeadlockScenario.run");
    }

    /**
     * Whether a quick build runs {@link #deadlockOnAVirtualThreadIsDetectedAndKilledToo} here: the pinned virtual
     * thread's dump is the harness's, the same on every library, and each hang costs about 12 s, so a quick build
     * runs it on one library and {@code -Pfull} on each.
     */
    boolean quickRunsTheVirtualThreadHang() {
        return true;
    }

    /** A test factory, not a skipped test: where a quick build leaves the hang out, it holds no test at all. */
    @TestFactory
    Stream<DynamicTest> deadlockOnAVirtualThreadIsDetectedAndKilledToo() {
        if (!quickRunsTheVirtualThreadHang() && !Boolean.getBoolean("mpiverify.full")) return Stream.empty();
        // Thread.print shows a virtual thread pinned in a native call on its carrier's stack
        return Stream.of(DynamicTest.dynamicTest("pinned virtual thread", () -> assertHungAndCleanedUp(
                new VirtualThreadDeadlockScenario(), "NativeMpi.recv", "VirtualThreadDeadlockScenario.lambda$run")));
    }

    @Test
    void threadsLeftInMpiAtTheBoundAreReportedWithTheirJavaAndNativeFrames() throws Exception {
        RunOutcome o = run(new LeftBehindScenario());
        RunOutcome.Completed c = assertInstanceOf(RunOutcome.Completed.class, o, () -> "expected the ranks' reports: " + o);
        for (RankReport r : c.reports()) {
            String e = String.valueOf(r.error());
            if (e.startsWith("ERR_ABORTED")) continue;    // aborted by the other rank before its own bound passed
            assertTrue(e.startsWith(Workers.ThreadsLeftBehind.class.getName() + ": threads [0] of 1 did not finish within "
                    + LeftBehindScenario.BOUND.toMillis() + " ms, in NativeMpi.recv"), e);
            assertNativeFramesInMpi(e, "rank " + r.rank());
        }
        assertTrue(c.reports().stream().anyMatch(r -> String.valueOf(r.error()).startsWith(Workers.ThreadsLeftBehind.class.getName())),
                "at least one rank reports its own left-behind thread: " + c.reports());
        assertEquals(List.of(), ProcessHandle.current().descendants().filter(ProcessHandle::isAlive).toList());
    }

    /**
     * The dump holds native frames of a thread inside the library's receive. Required under {@code CI=true}
     * (which installs gdb); elsewhere only when gdb is installed. A machine that forbids attaching
     * (ptrace; some containers) cannot give them: that is said on the test's output, not failed.
     */
    static void assertNativeFramesInMpi(String dump, String where) {
        if (dump.contains("(no gdb on the PATH") && !"true".equalsIgnoreCase(System.getenv("CI"))) return;
        Matcher refused = Pattern.compile("\\(gdb, pid \\d+: [^\\n]*(ptrace|not permitted)[^\\n]*").matcher(dump);
        if (refused.find()) {
            System.out.println("native frames unavailable on this machine, " + where + ": " + refused.group());
            return;
        }
        int at = dump.indexOf("--- native frames inside MPI (gdb, pid ");
        assertTrue(at >= 0, "native frames of " + where + ":\n" + dump);
        assertTrue(NativeStacks.MPI_FRAME.matcher(dump.substring(at)).find() && dump.substring(at).contains("Recv"),
                "a frame inside the library's receive, " + where + ":\n" + dump.substring(at));
    }

    private void assertHungAndCleanedUp(Scenario s, String... frames) throws Exception {
        RunOutcome o = run(s);
        RunOutcome.Hung h = assertInstanceOf(RunOutcome.Hung.class, o, () -> "expected a hang: " + o);
        String stacks = h.stacks();
        assertTrue(stacks.startsWith("deadline of "), "a hang inside the scenario claims nothing about MPI_Finalize: "
                + stacks.lines().findFirst().orElse(""));
        for (int rank = 0; rank < s.ranks(); rank++) {
            int at = stacks.indexOf("=== rank " + rank + ", pid ");
            assertTrue(at >= 0, "dump of rank " + rank + " in:\n" + stacks);
            int end = stacks.indexOf("=== ", at + 4);
            String dump = stacks.substring(at, end < 0 ? stacks.length() : end);
            for (String frame : frames) assertTrue(dump.contains(frame), "frame " + frame + " in rank " + rank + ":\n" + dump);
            assertNativeFramesInMpi(dump, "rank " + rank);
        }
        assertTrue(stacks.contains("(all gone)"), stacks.lines().findFirst().orElse(""));
        Matcher m = Pattern.compile("killed pids \\[([0-9, ]+)]").matcher(stacks);
        assertTrue(m.find(), "killed pids listed");
        for (String pid : m.group(1).split(",\\s*")) {
            Optional<ProcessHandle> p = ProcessHandle.of(Long.parseLong(pid));
            assertTrue(p.isEmpty() || !p.get().isAlive(), "pid " + pid + " still alive");
        }
        assertEquals(List.of(), ProcessHandle.current().descendants().filter(ProcessHandle::isAlive)
                .map(p -> p.pid() + " " + p.info().commandLine().orElse("?")).toList(), "no process left behind");
    }

    @Test
    void aWorkerFailureWithAThreadLeftInMpiIsJudgedByTheFailedRanksReport() throws Exception {
        long t0 = System.nanoTime();
        RunOutcome o = run(new WorkerFailureScenario());
        RunOutcome.Completed c = assertInstanceOf(RunOutcome.Completed.class, o, () -> "expected the failure to be the outcome: " + o);
        RankReport r0 = c.reports().stream().filter(r -> r.rank() == 0).findFirst().orElseThrow();
        assertTrue(r0.failed() && r0.error().contains(WorkerFailureScenario.MESSAGE), String.valueOf(r0.error()));
        RankReport r1 = c.reports().stream().filter(r -> r.rank() == 1).findFirst().orElseThrow();
        assertTrue(r1.failed() && r1.error().startsWith("ERR_ABORTED: no report after rank 0 failed"), String.valueOf(r1.error()));
        // rank 0 aborted after the 2 s grace; the 15 s deadline was not needed
        assertTrue(System.nanoTime() - t0 < java.time.Duration.ofSeconds(14).toNanos(), "took the deadline: " + o);
        assertEquals(List.of(), ProcessHandle.current().descendants().filter(ProcessHandle::isAlive).toList());
    }

    @Test
    void abortIsACrashWithTheExitCode() throws Exception {
        RunOutcome o = run(new AbortScenario());
        RunOutcome.Crashed c = assertInstanceOf(RunOutcome.Crashed.class, o, () -> "expected a crash: " + o);
        assertTrue(c.evidence().contains("exited with"), c.evidence());
        assertEquals(List.of(), ProcessHandle.current().descendants().filter(ProcessHandle::isAlive).toList());
    }

    @Test
    void aScenarioRanksCannotInstantiateIsACrashNamingTheProblem() throws Exception {
        RunOutcome o = run(new TestScenario() {
            @Override public RankReport run(org.mpiverify.harness.api.AuditMpi mpi) { return null; }
        });
        RunOutcome.Crashed c = assertInstanceOf(RunOutcome.Crashed.class, o, () -> "expected a crash: " + o);
        assertTrue(c.evidence().contains("cannot instantiate scenario class"), c.evidence());
        assertTrue(c.evidence().contains("no report from ranks [0, 1]"), c.evidence());
    }

    @Test
    void isendrecv() throws Exception {
        for (RankReport r : completed(new IsendrecvScenario())) {
            Optional<String> status = isendrecvStatus(r.rank());
            assertEquals(status.isPresent() ? "data " + (101 - r.rank()) : "unsupported", r.fact("isendrecv"), r.evidence().toString());
            assertEquals(status.orElse(null), r.fact("isendrecv.status"));
        }
    }

    /**
     * The status {@code source/tag/count} MPI_Isendrecv reports on this rank as measured here, or
     * empty where the library has no MPI_Isendrecv (Open MPI 4.1 is MPI-3.1).
     */
    abstract Optional<String> isendrecvStatus(int rank);
}
