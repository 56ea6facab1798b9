package org.mpiverify.harness.nativempi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.mpiverify.harness.launch.RunOutcome;
import org.mpiverify.harness.scenario.RankReport;

/**
 * The TCP targets' messages go through TCP, seen from the sockets the rank processes hold: on {@code mpich-tcp}
 * and {@code openmpi-tcp} a connection joins the two rank processes; on the default targets of one host none
 * does (shared memory). The check's known-bad twin: a "TCP" target whose environment switches shared memory back
 * on (as a library that ignored the switch would run) is found out.
 */
@Timeout(180)
class NativeTransportTest {
    private static final Duration LIMIT = Duration.ofSeconds(150);
    /** What puts each library's traffic back on shared memory, after the TCP switch. */
    private static final Map<String, Map<String, String>> SHARED_MEMORY_AGAIN = Map.of(
            "mpich", Map.of("UCX_TLS", "sm,self"),
            "openmpi", Map.of("OMPI_MCA_btl", "vader,self"));

    private static NativeTarget target(String id, Transport t, Map<String, String> env) {
        NativeAbi abi = NativeAbi.forLibrary(id);
        NativeTargetContract.requireAvailable(abi.unavailable(), System.getenv("CI"));
        return NativeTarget.of(abi, NativeLaunch.debian(abi).withTransport(t).withLauncherEnvironment(env));
    }

    @ParameterizedTest
    @ValueSource(strings = {"mpich", "openmpi"})
    void theTcpTargetsTrafficGoesThroughAConnectionBetweenTheRanks(String id) throws Exception {
        NativeTarget t = target(id, Transport.TCP, Map.of());
        assertEquals(id + "-tcp", t.id());
        Optional<String> problem = Deadline.within(LIMIT, id + "-tcp transport check", t::unavailable);
        assertEquals(Optional.empty(), problem);
        assertTrue(t.transportEvidence().matches("\\d+ TCP connections? between the two rank processes: rank 0 .* <-> rank 1 .*"),
                t.transportEvidence());
        assertTrue(t.describe().endsWith(" over TCP"), t.describe());
    }

    @ParameterizedTest
    @ValueSource(strings = {"mpich", "openmpi"})
    void theDefaultTargetsRanksOnOneHostHoldNoConnectionToEachOther(String id) throws Exception {
        NativeTarget t = target(id, Transport.DEFAULT, Map.of());
        RunOutcome o = Deadline.within(LIMIT, id + " transport probe", () -> t.runOnce(new TransportProbe()));
        RunOutcome.Completed c = assertInstanceOf(RunOutcome.Completed.class, o, () -> "the probe did not complete: " + o);
        Map<Integer, List<TcpConnections.Connection>> byRank = new TreeMap<>();
        for (RankReport r : c.reports()) {
            assertTrue(!r.failed(), r.error());
            byRank.put(r.rank(), TcpConnections.parseList(r.fact(TransportProbe.CONNECTIONS)));
        }
        assertEquals(List.of(), TcpConnections.betweenRanks(byRank), "shared memory, no TCP between the ranks: " + byRank);
    }

    @ParameterizedTest
    @ValueSource(strings = {"mpich", "openmpi"})
    void aTcpTargetWhoseTrafficStaysOnSharedMemoryIsFoundOut(String id) throws Exception {
        NativeTarget t = target(id, Transport.TCP, SHARED_MEMORY_AGAIN.get(id));
        Optional<String> problem = Deadline.within(LIMIT, id + " on shared memory, as TCP", t::unavailable);
        assertTrue(problem.isPresent() && problem.get().contains("traffic does not go through TCP: no TCP connection between the two rank processes"),
                problem.toString());
    }
}
