package org.mpiverify.harness.nativempi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.mpiverify.harness.launch.RunOutcome;
import org.mpiverify.harness.scenario.RankReport;
import org.mpiverify.results.Outcome;

/**
 * The native targets across several hosts ({@code --hosts}), here two loopback addresses served by an sshd of
 * the test's own ({@link LoopbackHosts}): the library's launcher starts each rank through ssh on its host, the
 * ranks' reports come back through the launcher's output, and a rank still running at its bound sends its own
 * thread dump that way and ends itself, leaving no process behind. Both libraries, each host file in its own
 * launcher's syntax and in the other's (the audit reads either).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Timeout(300)
class MultiHostTest {
    private static final Duration LIMIT = Duration.ofSeconds(150);
    private LoopbackHosts hosts;

    @BeforeAll
    void startHosts() throws Exception {
        Optional<String> missing = LoopbackHosts.unavailable();
        if (missing.isPresent()) {
            if ("true".equalsIgnoreCase(System.getenv("CI"))) fail("CI must test the audit across hosts: " + missing.get());
            Assumptions.abort(missing.get());
        }
        hosts = LoopbackHosts.start(2);
    }

    @AfterAll
    void stopHosts() throws Exception {
        if (hosts != null) hosts.close();
    }

    private NativeTarget target(String library, String hostFormat) throws Exception {
        NativeAbi abi = NativeAbi.forLibrary(library);
        NativeTarget t = NativeTarget.of(abi, NativeLaunch.debian(abi)
                .withHosts(HostList.read(hosts.hostFile(hostFormat)))
                .withLauncherEnvironment(hosts.launcherEnvironment(abi)));
        NativeTargetContract.requireAvailable(t.unavailable(), System.getenv("CI"));
        return t;
    }

    @ParameterizedTest
    @ValueSource(strings = {"mpich", "openmpi"})
    void eachRankRunsOnItsHostThroughSshAndItsReportComesBackThroughTheLauncher(String library) throws Exception {
        NativeTarget t = target(library, library.equals("mpich") ? "%s slots=1" : "%s:1");
        RunOutcome o = Deadline.within(LIMIT, library + " on hosts", () -> t.runOnce(new WhereScenario()));
        RunOutcome.Completed c = assertInstanceOf(RunOutcome.Completed.class, o, () -> "expected both reports: " + o);
        for (RankReport r : c.reports()) {
            assertTrue(!r.failed(), "rank " + r.rank() + ": " + r.error());
            // SSH_CONNECTION = client address, client port, server address, server port
            String[] ssh = r.fact("ssh").split(" ");
            assertEquals(4, ssh.length, "rank " + r.rank() + " was not started through ssh: " + r.fact("ssh"));
            assertEquals(hosts.addresses().get(r.rank()), ssh[2], "rank " + r.rank() + " runs on the host the list gives it");
            assertEquals((101 - r.rank()) + " from " + (1 - r.rank()), r.fact("received"));
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"mpich", "openmpi"})
    void fourThreadsPerRankAcrossHostsDeliverEveryMessage(String library) throws Exception {
        NativeTarget t = target(library, "%s:1");
        ThreadedPointToPointScenario s = new ThreadedPointToPointScenario();
        RunOutcome o = Deadline.within(LIMIT, library + " threads on hosts", () -> t.runOnce(s));
        RunOutcome.Completed c = assertInstanceOf(RunOutcome.Completed.class, o, () -> "expected both reports: " + o);
        assertEquals(Outcome.PASS, s.judge(c.reports()).outcome(), () -> s.judge(c.reports()).toString());
    }

    /** A quick build hangs a rank on MPICH's launcher only (13-15 s a hang), {@code -Pfull} on both launchers. */
    static Stream<String> hangLibraries() {
        return Boolean.getBoolean("mpiverify.full") ? Stream.of("mpich", "openmpi")
                : Stream.of("mpich");
    }

    @ParameterizedTest
    @MethodSource("hangLibraries")
    void aHungRankOnAnotherHostSendsItsOwnDumpAndEndsItself(String library) throws Exception {
        NativeTarget t = target(library, "%s:1");
        RunOutcome o = Deadline.within(LIMIT, library + " hang on hosts", () -> t.runOnce(new RecvFirstDeadlockScenario()));
        RunOutcome.Hung h = assertInstanceOf(RunOutcome.Hung.class, o, () -> "expected a hang: " + o);
        for (int rank = 0; rank < 2; rank++) {
            int at = h.stacks().indexOf("=== rank " + rank + ", pid ");
            assertTrue(at >= 0, "rank " + rank + "'s own dump in:\n" + h.stacks());
            String dump = h.stacks().substring(at);
            assertTrue(dump.contains("its own dump") && dump.contains("NativeMpi.recv"), "rank " + rank + " waits in MPI_Recv:\n" + dump);
            NativeTargetContract.assertNativeFramesInMpi(dump.substring(0, Math.min(dump.length(),
                    dump.indexOf("=== ", 4) < 0 ? dump.length() : dump.indexOf("=== ", 4))), "rank " + rank);
        }
        List<String> left = ProcessHandle.allProcesses().filter(ProcessHandle::isAlive)
                .filter(p -> p.info().commandLine().orElse("").contains(RankProcess.class.getName())
                        && p.info().commandLine().orElse("").contains(RecvFirstDeadlockScenario.class.getName()))
                .map(p -> p.pid() + " " + p.info().commandLine().orElse("")).toList();
        assertEquals(List.of(), left, "no rank JVM left on any host");
    }
}
