package org.mpiverify.harness.mpj;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The loopback server that niodev ranks exchange their ports through, in place of the one inside
 * MPJ Express's {@code mpjrun} ({@code runtime.starter.MPJRun.collectPortInfo}), whose launcher
 * does not work as packaged by Debian.
 *
 * <p>Protocol, as {@code xdev.niodev.NIODevice.init} speaks it (read from MPJ 0.44's bytecode):
 * each rank binds two server sockets on random ports, connects here and writes, with
 * {@link DataOutputStream}: {@code writeUTF("Sending Info")}, {@code writeInt(writePort)},
 * {@code writeInt(readPort)}, {@code writeInt(rank)}. Once all {@code n} ranks have done so, each
 * receives {@code writeUTF("#Peer Information;<host>@<readPort>@<writePort>@<rank>@<debugPort>;...")}
 * with one entry per rank in rank order, and closes the connection. The rank finds this server
 * through its configuration string ({@link #configuration}), its second {@code MPI.Init} argument.
 *
 * <p>Invariants: one thread (started by the constructor) does all the socket work; it gives up
 * at the deadline (every accept and read has a timeout), and {@link #close} unblocks it and joins
 * it, so no thread outlives the run. A duplicate or out-of-range rank is a {@link #failure()},
 * not a guess: the connections are closed and the ranks fail in {@code MPI.Init}.
 *
 * <p>Memory consistency effects: everything the exchange thread did happens-before
 * {@link #close} returns (the join), so {@link #failure()} read after close is exact.
 */
public final class NiodevPortExchange implements AutoCloseable {
    /** niodev's eager/rendezvous switch (bytes), as in MPJ's sample configuration. */
    static final int PROTOCOL_SWITCH_LIMIT = 131072;

    private final int ranks;
    private final ServerSocket server;
    private final Thread thread;
    private final long deadlineNanos;
    private volatile String failure;

    NiodevPortExchange(int ranks, Duration deadline) throws IOException {
        if (ranks < 1) throw new IllegalArgumentException("ranks must be >= 1: " + ranks);
        this.ranks = ranks;
        this.deadlineNanos = System.nanoTime() + deadline.toNanos();
        this.server = new ServerSocket();
        server.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), ranks);
        this.thread = Thread.ofPlatform().daemon().name("niodev-port-exchange-" + server.getLocalPort()).start(this::exchange);
    }

    int port() { return server.getLocalPort(); }

    /** The configuration string niodev's {@code MPI.Init} takes as its second argument. */
    String configuration() {
        return "#Number of Processes;" + ranks + ";#Protocol Switch Limit;" + PROTOCOL_SWITCH_LIMIT
                + ";#Server Name;" + InetAddress.getLoopbackAddress().getHostAddress() + ";#Server Port;" + port();
    }

    /** Why the exchange failed, or {@code null}; exact once {@link #close} has returned. */
    String failure() { return failure; }

    private void exchange() {
        List<Socket> sockets = new ArrayList<>();
        String[] entries = new String[ranks];
        try {
            while (sockets.size() < ranks) {
                server.setSoTimeout(remainingMillis());
                Socket s = server.accept();
                sockets.add(s);
                s.setSoTimeout(remainingMillis());
                DataInputStream in = new DataInputStream(s.getInputStream());
                String hello = in.readUTF();
                if (!hello.startsWith("Sending Info")) {
                    failure = "niodev rank sent '" + hello + "' instead of 'Sending Info'";
                    return;
                }
                int writePort = in.readInt(), readPort = in.readInt(), rank = in.readInt();
                if (rank < 0 || rank >= ranks || entries[rank] != null) {
                    failure = "niodev rank " + rank + " registered twice or is out of range 0.." + (ranks - 1);
                    return;
                }
                entries[rank] = s.getInetAddress().getHostAddress() + "@" + readPort + "@" + writePort + "@" + rank + "@0";
            }
            StringBuilder peers = new StringBuilder("#Peer Information");
            for (String e : entries) peers.append(';').append(e);
            for (Socket s : sockets) {
                DataOutputStream out = new DataOutputStream(s.getOutputStream());
                out.writeUTF(peers.toString());
                out.flush();
            }
        } catch (SocketTimeoutException e) {
            failure = "only " + sockets.size() + " of " + ranks + " niodev ranks reached the port exchange before the deadline";
        } catch (IOException e) {
            if (!server.isClosed()) failure = "port exchange failed: " + e;
        } finally {
            for (Socket s : sockets) closeQuietly(s);
        }
    }

    private int remainingMillis() throws SocketTimeoutException {
        long ms = Duration.ofNanos(deadlineNanos - System.nanoTime()).toMillis();
        if (ms <= 0) throw new SocketTimeoutException("deadline");
        return (int) Math.min(ms, Integer.MAX_VALUE);
    }

    /** Waits up to {@code bound} for the exchange to finish (all ranks answered, or given up); true if it has. */
    boolean awaitExchange(Duration bound) throws InterruptedException {
        return thread.join(bound);
    }

    /**
     * Runs the exchange on its own, for starting niodev ranks by hand:
     * {@code NiodevPortExchange <ranks> [<seconds>]} prints the configuration string to pass to each
     * rank as its second argument, then serves until every rank has registered (or the time is up).
     */
    public static void main(String[] args) throws Exception {
        if (args.length < 1 || args.length > 2) {
            System.err.println("usage: NiodevPortExchange <ranks> [<seconds>, default 600]");
            System.exit(2);
        }
        Duration limit = Duration.ofSeconds(args.length == 2 ? Long.parseLong(args[1]) : 600);
        try (NiodevPortExchange exchange = new NiodevPortExchange(Integer.parseInt(args[0]), limit)) {
            System.out.println(exchange.configuration());
            System.out.flush();
            exchange.awaitExchange(limit.plusSeconds(1));
            exchange.close();
            if (exchange.failure() != null) {
                System.err.println(exchange.failure());
                System.exit(1);
            }
        }
    }

    /** Stops the exchange (if still running) and waits for its thread, at most 10 s (it only does bounded I/O). */
    @Override
    public void close() throws InterruptedException {
        closeQuietly(server);
        if (!thread.join(Duration.ofSeconds(10))) {
            throw new IllegalStateException("niodev port exchange thread did not stop: " + thread);
        }
    }

    private static void closeQuietly(AutoCloseable c) {
        try {
            c.close();
        } catch (Exception ignored) {
            // closing to unblock or release; nothing to report
        }
    }
}
