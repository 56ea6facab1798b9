package org.mpiverify.harness.nativempi;

import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.mpiverify.harness.launch.BoundedCommand;

/**
 * A rank that ends itself when it is still running at a bound, after printing the thread dump the driver would
 * have taken — {@code jcmd <own pid> Thread.print} and the threads' native frames inside MPI ({@link NativeStacks})
 * — through the launcher's output ({@link RankOutput}); {@link #GRACE} later it ends the JVM with exit code
 * {@value #EXIT_CODE}. Two uses:
 * <ul>
 *   <li>a rank on another host, which the driver's {@code jcmd} and {@code gdb} cannot reach, at the run's bound
 *       ({@code --dump-after}): a hung run leaves no rank behind on a host the driver's kill cannot reach either;</li>
 *   <li>a rank that finished its scenario and is still in {@code MPI_Finalize} after {@link #FINALIZE_BOUND}
 *       (MPICH 4.0.2 over UCX's TCP transport hangs there in some runs, in C too): the run is told apart from a
 *       hang in the scenario, and costs that bound instead of the whole deadline.</li>
 * </ul>
 *
 * <p>A watchdog is a daemon platform thread that waits on its own latch with a timeout: {@link #cancel()} (the rank
 * got past what it guards) releases it at once. It shares nothing with the scenario's threads, so it cannot be held
 * up by what hangs them (it makes no MPI call).
 */
final class RankWatchdog {
    /** After the dump, how long the launcher gets to carry it to the driver before the rank ends itself. */
    static final Duration GRACE = Duration.ofSeconds(5);
    /** How long {@code MPI_Finalize} may take after the scenario; it takes well under a second here. */
    static final Duration FINALIZE_BOUND = Duration.ofSeconds(15);
    static final int EXIT_CODE = 97;
    private static final Duration TOOL_BOUND = Duration.ofSeconds(20);

    private final CountDownLatch cancelled = new CountDownLatch(1);

    private RankWatchdog() { }

    /** Starts the watchdog of rank {@code rank}, due {@code after} from now; {@code what} heads its dump. */
    static RankWatchdog start(int rank, Duration after, String what) {
        RankWatchdog w = new RankWatchdog();
        Thread.ofPlatform().daemon(true).name("mpiverify-rank-watchdog").start(() -> {
            if (w.cancelledWithin(after)) return;
            long pid = ProcessHandle.current().pid();
            Path tmp = Path.of(System.getProperty("java.io.tmpdir"));
            String dump = "=== rank " + rank + ", pid " + pid + " on " + hostName() + " (its own dump: " + what + " after "
                    + after.toMillis() + " ms) ===\n"
                    + BoundedCommand.threadDump(Path.of(System.getProperty("java.home"), "bin", "jcmd"), pid, tmp, TOOL_BOUND)
                    + "\n" + NativeStacks.of(pid, tmp);
            RankOutput.write(System.out, RankOutput.Kind.DUMP, rank, dump);
            if (!w.cancelledWithin(GRACE)) Runtime.getRuntime().halt(EXIT_CODE);
        });
        return w;
    }

    /** The rank got past what this watchdog guards: it neither dumps nor ends the rank (if it has not yet). */
    void cancel() { cancelled.countDown(); }

    private boolean cancelledWithin(Duration d) {
        try {
            return cancelled.await(d.toNanos(), TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
            return true; // nobody interrupts it but the JVM's end
        }
    }

    private static String hostName() {
        try {
            return java.net.InetAddress.getLocalHost().getHostName();
        } catch (java.io.IOException e) {
            return "?";
        }
    }
}
