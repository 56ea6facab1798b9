package org.mpiverify.harness.mpj;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.mpiverify.harness.api.AuditException;
import org.mpiverify.harness.launch.JvmOptions;
import org.mpiverify.harness.scenario.RankReport;
import org.mpiverify.harness.scenario.Verdict;
import org.mpiverify.results.Outcome;

/** The parts of the MPJ target that need no MPJ installation: they run everywhere. */
class MpjOfflineTest {

    @Test
    void missingInstallationNamesTheDebianPackage() {
        MpjInstallation none = new MpjInstallation(Path.of("/nonexistent/mpj"), Path.of("/usr/share/java/log4j-1.2.jar"));
        String problem = none.problem().orElseThrow();
        assertTrue(problem.contains("libmpj-java"), problem);
        assertThrows(IllegalStateException.class, () -> new MpjTarget(MpjTarget.Device.MULTICORE, none, JvmOptions.NONE)
                .runOnce(new MpjTestScenarios.WildcardStatus()));
    }

    @Test
    void missingLog4jNamesItsPackage() {
        MpjInstallation real = MpjInstallation.locate();
        if (real.problem().isPresent()) return;  // covered by the test above on machines without MPJ
        String problem = new MpjInstallation(real.home(), Path.of("/nonexistent/log4j.jar")).problem().orElseThrow();
        assertTrue(problem.contains("liblog4j1.2-java"), problem);
    }

    @Test
    void mpjMessagesMapToErrorClasses() {
        // MPJ has no error classes: the class comes from the message (the real MPIException is
        // checked end to end by MpjTargetTest.sendToAnInvalidRankIsErrRank).
        assertEquals(MpjErrors.ERR_RANK, MpjErrors.classify(new Exception(
                "In Comm.isend(), requested destination 5 does not exist in communicator of size 2")));
        assertEquals(MpjErrors.ERR_OTHER, MpjErrors.classify(new Exception("something else entirely")));
        assertEquals(MpjErrors.ERR_OTHER, MpjErrors.classify(new Exception(
                "SMPDeviceImpl.id() invoked by thread outside communicator group")));
        assertEquals("MPI_ERR_RANK", MpjErrors.name(MpjErrors.ERR_RANK));
        // Not MPJ's: passes through untouched, so a bug in the binding is never disguised as an MPI error.
        IllegalArgumentException iae = new IllegalArgumentException("x");
        assertEquals(iae, MpjErrors.translate("MPI_Send", iae));
        assertTrue(!MpjErrors.isMpjException(new Exception("does not exist in communicator")));
    }

    @Test
    void portExchangeSpeaksNiodevsProtocol() throws Exception {
        try (NiodevPortExchange exchange = new NiodevPortExchange(2, Duration.ofSeconds(20));
             ExecutorService pool = Executors.newFixedThreadPool(2)) {
            String conf = exchange.configuration();
            assertEquals("#Number of Processes;2;#Protocol Switch Limit;131072;#Server Name;"
                    + InetAddress.getLoopbackAddress().getHostAddress() + ";#Server Port;" + exchange.port(), conf);
            List<Future<String>> replies = new ArrayList<>();
            for (int r = 1; r >= 0; r--) {  // out of order: the reply is in rank order regardless
                int rank = r;
                replies.add(pool.submit(() -> fakeRank(exchange.port(), rank, 30000 + rank, 31000 + rank)));
            }
            String host = InetAddress.getLoopbackAddress().getHostAddress();
            String expected = "#Peer Information;" + host + "@31000@30000@0@0;" + host + "@31001@30001@1@0";
            for (Future<String> f : replies) assertEquals(expected, f.get(20, TimeUnit.SECONDS));
            exchange.close();
            assertNull(exchange.failure());
        }
    }

    @Test
    void portExchangeRejectsADuplicateRank() throws Exception {
        try (NiodevPortExchange exchange = new NiodevPortExchange(2, Duration.ofSeconds(20));
             ExecutorService pool = Executors.newFixedThreadPool(2)) {
            List<Future<String>> replies = new ArrayList<>();
            for (int i = 0; i < 2; i++) replies.add(pool.submit(() -> fakeRank(exchange.port(), 0, 30000, 31000)));
            for (Future<String> f : replies) {
                try {
                    f.get(20, TimeUnit.SECONDS);
                } catch (java.util.concurrent.ExecutionException expected) {
                    // the connection is closed without a reply: the rank fails in MPI.Init
                }
            }
            exchange.close();
            assertNotNull(exchange.failure());
            assertTrue(exchange.failure().contains("registered twice"), exchange.failure());
        }
    }

    @Test
    void portExchangeGivesUpAtItsDeadline() throws Exception {
        try (NiodevPortExchange exchange = new NiodevPortExchange(2, Duration.ofMillis(500));
             ExecutorService pool = Executors.newSingleThreadExecutor()) {
            Future<String> lonely = pool.submit(() -> fakeRank(exchange.port(), 0, 30000, 31000));
            // the second rank never comes: at the deadline the exchange closes the first one's connection
            assertThrows(java.util.concurrent.ExecutionException.class, () -> lonely.get(20, TimeUnit.SECONDS));
            exchange.close();
            assertNotNull(exchange.failure());
            assertTrue(exchange.failure().contains("only 1 of 2"), exchange.failure());
        }
    }

    /** What {@code NIODevice.init} writes and reads. */
    private static String fakeRank(int port, int rank, int writePort, int readPort) throws Exception {
        try (Socket s = new Socket(InetAddress.getLoopbackAddress(), port)) {
            s.setSoTimeout(20_000);
            DataOutputStream out = new DataOutputStream(s.getOutputStream());
            out.writeUTF("Sending Info");
            out.writeInt(writePort);
            out.writeInt(readPort);
            out.writeInt(rank);
            out.flush();
            return new DataInputStream(s.getInputStream()).readUTF();
        }
    }

    @Test
    void threadedPointToPointJudgeRejectsALostMessage() {
        var s = new MpjTestScenarios.ThreadedPointToPoint();
        List<RankReport> good = new ArrayList<>();
        for (int r = 0; r < 2; r++) {
            RankReport.Builder b = new RankReport.Builder(r);
            for (int t = 0; t < MpjTestScenarios.ThreadedPointToPoint.THREADS; t++) b.fact("received." + t, MpjTestScenarios.ThreadedPointToPoint.MESSAGES);
            good.add(b.build());
        }
        assertEquals(Outcome.PASS, s.judge(good).outcome());
        RankReport lossy = new RankReport(1, Map.of("received.0", "50", "received.1", "49", "received.2", "50", "received.3", "50"),
                List.of(), null);
        Verdict v = s.judge(List.of(good.get(0), lossy));
        assertEquals(Outcome.FAIL, v.outcome());
        assertTrue(v.evidence().contains("rank 1 receiver 1 got 49 of 50"), v.evidence().toString());
    }
}
