package org.mpiverify.audit.nativempi;

import java.nio.file.Path;
import java.time.Duration;
import org.mpiverify.audit.target.BoundedCommand;

/**
 * The thread dump of a rank the driver cannot reach (a rank on another host: the driver's {@code jcmd} and
 * {@code gdb} see only its own machine's processes). If the rank is still running at its bound, the watchdog takes
 * the dump the driver would have taken — {@code jcmd <own pid> Thread.print} and the threads' native frames inside
 * MPI ({@link NativeStacks}) — and prints it through the launcher's output ({@link RankOutput}); after
 * {@link #GRACE} more it ends the JVM with exit code {@value #EXIT_CODE}, so a hung run leaves no rank behind on a
 * host the driver's kill cannot reach either.
 *
 * <p>The watchdog is a daemon platform thread that waits with a timeout; it shares nothing with the scenario's
 * threads, so it cannot be held up by what hangs them (it makes no MPI call).
 */
final class RankWatchdog {
    /** After the dump, how long the launcher gets to carry it to the driver before the rank ends itself. */
    static final Duration GRACE = Duration.ofSeconds(5);
    static final int EXIT_CODE = 97;
    private static final Duration TOOL_BOUND = Duration.ofSeconds(20);

    private RankWatchdog() { }

    /** Starts the watchdog of rank {@code rank}, due {@code after} from now. */
    static void start(int rank, Duration after) {
        Thread t = Thread.ofPlatform().daemon(true).name("mpiverify-rank-watchdog").unstarted(() -> {
            if (!waitFor(after)) return;
            long pid = ProcessHandle.current().pid();
            Path tmp = Path.of(System.getProperty("java.io.tmpdir"));
            String dump = "=== rank " + rank + ", pid " + pid + " on " + hostName() + " (its own dump, at its bound of "
                    + after.toMillis() + " ms) ===\n"
                    + BoundedCommand.threadDump(Path.of(System.getProperty("java.home"), "bin", "jcmd"), pid, tmp, TOOL_BOUND)
                    + "\n" + NativeStacks.of(pid, tmp);
            RankOutput.write(System.out, RankOutput.Kind.DUMP, rank, dump);
            if (waitFor(GRACE)) Runtime.getRuntime().halt(EXIT_CODE);
        });
        t.start();
    }

    /** Waits {@code d}; false if interrupted (nobody interrupts it but the JVM's end). */
    private static boolean waitFor(Duration d) {
        try {
            Thread.sleep(d); // a timer, not synchronization: nothing else signals this thread
            return true;
        } catch (InterruptedException e) {
            return false;
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
