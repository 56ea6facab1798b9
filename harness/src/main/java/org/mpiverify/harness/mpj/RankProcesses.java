package org.mpiverify.harness.mpj;

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
import java.util.stream.Stream;
import org.mpiverify.harness.launch.BoundedCommand;

/**
 * The JVMs of one run (their roots, and whatever those started): thread dumps through
 * {@code jcmd}, and a kill of the whole tree that checks nothing survived. Every wait here is
 * bounded, so a wedged JVM cannot wedge the audit.
 */
final class RankProcesses {
    private static final Duration JCMD_TIMEOUT = Duration.ofSeconds(15);
    private static final Duration EXIT_TIMEOUT = Duration.ofSeconds(10);

    private final List<Process> roots;

    RankProcesses(List<Process> roots) { this.roots = List.copyOf(roots); }

    /** The roots and all their descendants that are still alive. */
    List<ProcessHandle> alive() {
        List<ProcessHandle> all = new ArrayList<>();
        for (Process p : roots) {
            all.addAll(p.descendants().filter(ProcessHandle::isAlive).toList());
            if (p.isAlive()) all.add(p.toHandle());
        }
        return all;
    }

    /**
     * Every thread's stack of every live JVM of the run, one string per JVM, headed by its pid and
     * command line. Uses {@code jcmd <pid> Thread.print -l} from this JVM's {@code java.home}; a
     * dump that fails says why instead.
     */
    List<String> threadDumps(Path scratch) throws InterruptedException {
        Path jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd");
        List<String> dumps = new ArrayList<>();
        for (ProcessHandle h : alive()) {
            String command = h.info().commandLine().orElse(h.info().command().orElse("?"));
            if (!command.contains("java")) continue;
            String head = "=== thread dump of pid " + h.pid() + ": " + abbreviate(command, 300) + "\n";
            dumps.add(head + BoundedCommand.threadDump(jcmd, h.pid(), scratch, JCMD_TIMEOUT));
        }
        return dumps;
    }

    /**
     * Kills every process of the run, descendants before their parents, and waits for each to be
     * gone. Returns a description of each process that survived (empty when the tree is gone).
     */
    List<String> killAll() throws InterruptedException {
        List<ProcessHandle> victims = new ArrayList<>();
        for (Process p : roots) {
            victims.addAll(p.descendants().toList().reversed());
            victims.add(p.toHandle());
        }
        for (ProcessHandle h : victims) h.destroyForcibly();
        List<String> survivors = new ArrayList<>();
        for (ProcessHandle h : victims) {
            try {
                h.onExit().get(EXIT_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
            } catch (TimeoutException | ExecutionException e) {
                survivors.add("pid " + h.pid() + " still alive after SIGKILL: " + h.info().commandLine().orElse("?"));
            }
        }
        return survivors;
    }

    /** The last {@code lines} lines of a child's output file, for crash evidence. */
    static List<String> tail(Path log, int lines) {
        if (!Files.exists(log)) return List.of();
        try (Stream<String> s = Files.lines(log, StandardCharsets.ISO_8859_1)) {
            List<String> all = s.toList();
            return all.subList(Math.max(0, all.size() - lines), all.size());
        } catch (IOException | java.io.UncheckedIOException e) {
            return List.of("(cannot read " + log + ": " + e + ")");
        }
    }

    private static String abbreviate(String s, int max) {
        return s.length() <= max ? s : s.substring(0, max) + "...";
    }
}
