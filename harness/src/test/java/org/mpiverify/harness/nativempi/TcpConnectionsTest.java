package org.mpiverify.harness.nativempi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.mpiverify.harness.nativempi.TcpConnections.Connection;

/** Reading a process's TCP connections from /proc, and pairing the ranks' views of them. */
@Timeout(20)
class TcpConnectionsTest {
    private static final String HEADER =
            "  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode";

    @Test
    void addressesAreDecodedAsTheKernelStoresThem() {
        assertEquals("127.0.0.1:8080", TcpConnections.endpoint("0100007F:1F90"));
        assertEquals("192.0.2.2:1025", TcpConnections.endpoint("020200C0:0401"));
        // IPv4-mapped IPv6 (::ffff:192.0.2.2) is shown as IPv4, so both ends of a connection compare equal
        assertEquals("192.0.2.2:443", TcpConnections.endpoint("0000000000000000FFFF0000020200C0:01BB"));
        assertEquals("[0:0:0:0:0:0:0:1]:22", TcpConnections.endpoint("00000000000000000000000001000000:0016"));
    }

    @Test
    void onlyEstablishedConnectionsOfThisProcessCount() {
        List<String> table = List.of(HEADER,
                "   0: 0100007F:A7C1 0100007F:D722 01 00000000:00000000 00:00000000 00000000     0        0 1111 1 0 20 4 30 10 -1",
                "   1: 0100007F:A7C2 0100007F:D723 01 00000000:00000000 00:00000000 00000000     0        0 2222 1 0 20 4 30 10 -1",
                "   2: 0100007F:A7C3 00000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 1112 1 0 20 4 30 10 -1");
        assertEquals(List.of(new Connection("127.0.0.1:42945", "127.0.0.1:55074")),
                TcpConnections.parse(table, Set.of("1111", "1112")), "another process's and a listening socket left out");
    }

    @Test
    void aConnectionBetweenTwoRanksIsFoundFromBothViews() {
        Map<Integer, List<Connection>> byRank = Map.of(
                0, List.of(new Connection("192.0.2.2:37419", "192.0.2.2:1025"), new Connection("127.0.0.1:5000", "127.0.0.1:6000")),
                1, List.of(new Connection("192.0.2.2:1025", "192.0.2.2:37419"), new Connection("127.0.0.1:5001", "127.0.0.1:6000")));
        // each rank's link to the launcher (port 6000) is no rank-to-rank connection
        assertEquals(List.of("rank 0 192.0.2.2:37419 <-> rank 1 192.0.2.2:1025"), TcpConnections.betweenRanks(byRank));
        assertEquals(List.of(), TcpConnections.betweenRanks(Map.of(0, byRank.get(0), 1, List.of(new Connection("127.0.0.1:5001", "127.0.0.1:6000")))));
    }

    @Test
    void theFormARankReportsParsesBack() {
        List<Connection> l = List.of(new Connection("127.0.0.1:1", "127.0.0.1:2"), new Connection("[0:0:0:0:0:0:0:1]:3", "[0:0:0:0:0:0:0:1]:4"));
        assertEquals(l, TcpConnections.parseList(TcpConnections.format(l)));
        assertEquals(List.of(), TcpConnections.parseList(""));
        assertEquals(List.of(), TcpConnections.parseList(null));
    }

    @Test
    void thisProcessSeesBothEndsOfALoopbackConnectionItHolds() throws Exception {
        try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
             Socket client = new Socket(InetAddress.getLoopbackAddress(), server.getLocalPort());
             Socket accepted = server.accept()) {
            List<Connection> mine = TcpConnections.ofThisProcess();
            String c = "127.0.0.1:" + client.getLocalPort(), s = "127.0.0.1:" + server.getLocalPort();
            assertTrue(mine.contains(new Connection(c, s)) && mine.contains(new Connection(s, c)), mine.toString());
            // as two ranks would report them: one connection between "rank 0" (the client) and "rank 1"
            assertEquals(List.of("rank 0 " + c + " <-> rank 1 " + s), TcpConnections.betweenRanks(Map.of(
                    0, List.of(new Connection(c, s)), 1, List.of(new Connection(s, c)))));
        }
    }
}
