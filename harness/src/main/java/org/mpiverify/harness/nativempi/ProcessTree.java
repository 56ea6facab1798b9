package org.mpiverify.harness.nativempi;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.mpiverify.harness.launch.BoundedCommand;

/**
 * A launcher process ({@code mpiexec}) and everything below it: finds the rank JVMs, takes their
 * thread dumps with {@code jcmd <pid> Thread.print} and their threads' native frames inside MPI with
 * {@code gdb} ({@link NativeStacks}), and kills the whole tree so a hung run leaves
 * nothing behind.
 *
 * <p>Order matters: the tree is snapshotted first and killed leaves-first (rank JVMs, then the other
 * descendants such as Hydra's {@code hydra_pmi_proxy}, then {@code mpiexec}), because a process whose
 * parent dies is re-parented and no longer shows up among the launcher's descendants.
 */
final class ProcessTree {
    private static final Duration JCMD_TIMEOUT = Duration.ofSeconds(20);
    private static final Duration KILL_TIMEOUT = Duration.ofSeconds(10);

    private final Process root;

    ProcessTree(Process root) { this.root = root; }

    /** The descendants now, deepest last in discovery order; a snapshot. */
    List<ProcessHandle> descendants() {
        return root.descendants().toList();
    }

    /** Descendants running {@code RankProcess}: the rank JVMs. */
    List<ProcessHandle> rankJvms(List<ProcessHandle> snapshot) {
        return snapshot.stream().filter(p -> p.info().arguments()
                .map(a -> List.of(a).contains(RankProcess.class.getName())).orElse(false)).toList();
    }

    /** Every rank JVM's threads, one block per JVM headed by its pid and world rank. */
    String threadDumps(List<ProcessHandle> rankJvms, Path workDir, String rankVariable) {
        StringBuilder sb = new StringBuilder();
        if (rankJvms.isEmpty()) sb.append("(no rank JVM was running under the launcher)\n");
        for (ProcessHandle p : rankJvms) {
            sb.append("=== rank ").append(worldRank(p, rankVariable)).append(", pid ").append(p.pid())
              .append(" ===\n").append(BoundedCommand.threadDump(
                      Path.of(System.getProperty("java.home"), "bin", "jcmd"), p.pid(), workDir, JCMD_TIMEOUT)).append('\n')
              .append(NativeStacks.of(p.pid(), workDir)).append('\n');
        }
        return sb.toString();
    }

    /**
     * Kills {@code snapshot} (leaves first) and the launcher, and waits until each is gone.
     * Returns the pids that were still alive afterwards (empty when the tree is clean).
     */
    List<Long> killAll(List<ProcessHandle> snapshot, List<ProcessHandle> rankJvms) {
        List<ProcessHandle> order = new ArrayList<>(rankJvms);
        for (ProcessHandle p : snapshot.reversed()) if (!order.contains(p)) order.add(p);
        // Late children (a proxy spawning while we looked) are caught by a second look.
        for (ProcessHandle p : root.descendants().toList()) if (!order.contains(p)) order.add(p);
        order.add(root.toHandle());
        for (ProcessHandle p : order) p.destroyForcibly();
        long deadline = System.nanoTime() + KILL_TIMEOUT.toNanos();
        List<Long> survivors = new ArrayList<>();
        for (ProcessHandle p : order) {
            try {
                p.onExit().get(Math.max(1, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            } catch (TimeoutException | ExecutionException e) {
                if (p.isAlive()) survivors.add(p.pid());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                if (p.isAlive()) survivors.add(p.pid());
            }
        }
        return survivors;
    }

    private static String worldRank(ProcessHandle p, String rankVariable) {
        try {
            byte[] env = Files.readAllBytes(Path.of("/proc", Long.toString(p.pid()), "environ"));
            for (String kv : new String(env, StandardCharsets.UTF_8).split("\0")) {
                if (kv.startsWith(rankVariable + "=")) return kv.substring(rankVariable.length() + 1);
            }
        } catch (IOException e) {
            // /proc unreadable (not Linux, or the process is gone): the pid still identifies the dump
        }
        return "?";
    }
}
