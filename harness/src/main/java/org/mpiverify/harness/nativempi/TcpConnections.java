package org.mpiverify.harness.nativempi;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * The established TCP connections a process holds, read from Linux's {@code /proc}: its socket inodes from
 * {@code /proc/self/fd}, their endpoints from {@code /proc/self/net/tcp} and {@code tcp6}. This is how the audit
 * checks that a column meant to run over TCP really does, without trusting the library to have honoured
 * {@code UCX_TLS} or {@code OMPI_MCA_btl}: traffic between two ranks over TCP needs a connection whose two ends
 * are held by those two rank processes ({@link #betweenRanks}). Connections to the launcher (Open MPI's
 * out-of-band channel to {@code mpirun}, Hydra's PMI proxy) have a launcher process at one end and do not count.
 */
public final class TcpConnections {
    /** One connection as this process sees it: {@code local} and {@code remote} as {@code address:port}. */
    public record Connection(String local, String remote) {
        /** {@code local>remote}, the form ranks report (no whitespace: it crosses report facts). */
        @Override public String toString() { return local + ">" + remote; }

        static Connection parse(String s) {
            int gt = s.indexOf('>');
            if (gt <= 0) throw new IllegalArgumentException("not a connection: '" + s + "'");
            return new Connection(s.substring(0, gt), s.substring(gt + 1));
        }
    }

    private static final String ESTABLISHED = "01";

    private TcpConnections() { }

    /** This process's established TCP connections, or an empty list where {@code /proc} cannot tell (not Linux). */
    public static List<Connection> ofThisProcess() {
        Set<String> inodes = socketInodes(Path.of("/proc/self/fd"));
        List<Connection> l = new ArrayList<>();
        for (String table : List.of("/proc/self/net/tcp", "/proc/self/net/tcp6")) {
            try {
                l.addAll(parse(Files.readAllLines(Path.of(table)), inodes));
            } catch (IOException e) {
                // no IPv6 table, or no /proc: nothing from this table
            }
        }
        return l;
    }

    /** The form a rank reports: its connections, space-separated. */
    public static String format(List<Connection> connections) {
        return String.join(" ", connections.stream().map(Connection::toString).toList());
    }

    /** {@link #format}'s inverse. */
    public static List<Connection> parseList(String s) {
        if (s == null || s.isBlank()) return List.of();
        return Stream.of(s.strip().split("\\s+")).map(Connection::parse).toList();
    }

    /**
     * The connections between two different ranks: for each, rank {@code a}'s view ({@code local>remote}) and
     * the rank {@code b} holding the other end. Each connection appears once, from its lower rank's side.
     */
    public static List<String> betweenRanks(Map<Integer, List<Connection>> byRank) {
        List<String> pairs = new ArrayList<>();
        for (var a : new TreeMap<>(byRank).entrySet()) {
            for (Connection c : a.getValue()) {
                for (var b : byRank.entrySet()) {
                    if (b.getKey() <= a.getKey()) continue;
                    if (b.getValue().contains(new Connection(c.remote(), c.local()))) {
                        pairs.add("rank " + a.getKey() + " " + c.local() + " <-> rank " + b.getKey() + " " + c.remote());
                    }
                }
            }
        }
        return pairs;
    }

    /** The inodes of the sockets among a process's file descriptors ({@code socket:[12345]}). */
    static Set<String> socketInodes(Path fdDir) {
        Set<String> inodes = new HashSet<>();
        try (Stream<Path> fds = Files.list(fdDir)) {
            for (Path fd : fds.toList()) {
                try {
                    String target = Files.readSymbolicLink(fd).toString();
                    if (target.startsWith("socket:[")) inodes.add(target.substring(8, target.length() - 1));
                } catch (IOException | UnsupportedOperationException e) {
                    // closed between the listing and the read: not a connection any more
                }
            }
        } catch (IOException e) {
            // no /proc: no sockets known
        }
        return inodes;
    }

    /**
     * The established connections of a {@code /proc/net/tcp} or {@code tcp6} table whose socket inode is in
     * {@code inodes}. Rows: {@code sl local_address rem_address st ... uid timeout inode}, addresses in hex as
     * the kernel stores them (each 32-bit word in host byte order, little-endian here).
     */
    static List<Connection> parse(List<String> table, Set<String> inodes) {
        List<Connection> l = new ArrayList<>();
        for (String line : table.subList(Math.min(1, table.size()), table.size())) {
            String[] f = line.strip().split("\\s+");
            if (f.length < 10 || !ESTABLISHED.equals(f[3]) || !inodes.contains(f[9])) continue;
            l.add(new Connection(endpoint(f[1]), endpoint(f[2])));
        }
        return l;
    }

    /** {@code 0100007F:1F90} to {@code 127.0.0.1:8080}; an IPv4-mapped IPv6 address becomes its IPv4 form. */
    static String endpoint(String hex) {
        int colon = hex.indexOf(':');
        String addr = hex.substring(0, colon);
        int port = Integer.parseInt(hex.substring(colon + 1), 16);
        byte[] bytes = new byte[addr.length() / 2];
        for (int word = 0; word < addr.length() / 8; word++) {
            long w = Long.parseLong(addr.substring(word * 8, word * 8 + 8), 16);
            for (int b = 0; b < 4; b++) bytes[word * 4 + b] = (byte) (w >>> (8 * b)); // little-endian word
        }
        if (bytes.length == 16 && isV4Mapped(bytes)) bytes = java.util.Arrays.copyOfRange(bytes, 12, 16);
        String host;
        if (bytes.length == 4) {
            host = (bytes[0] & 255) + "." + (bytes[1] & 255) + "." + (bytes[2] & 255) + "." + (bytes[3] & 255);
        } else {
            StringBuilder sb = new StringBuilder("[");
            for (int i = 0; i < 16; i += 2) {
                if (i > 0) sb.append(':');
                sb.append(Integer.toHexString(((bytes[i] & 255) << 8) | (bytes[i + 1] & 255)));
            }
            host = sb.append(']').toString();
        }
        return host + ":" + port;
    }

    private static boolean isV4Mapped(byte[] b) {
        for (int i = 0; i < 10; i++) if (b[i] != 0) return false;
        return b[10] == (byte) 0xff && b[11] == (byte) 0xff;
    }
}
