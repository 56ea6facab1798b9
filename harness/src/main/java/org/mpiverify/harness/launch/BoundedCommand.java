package org.mpiverify.harness.launch;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Runs a diagnostic tool ({@code jcmd}, {@code gdb}) on a process of a hung run (native and MPJ targets), with a bound: its
 * output goes through a file, so a stuck tool cannot block on a full pipe, and a tool still running at
 * the bound is killed, keeping what it wrote. Never throws: a failure is a line in the text returned.
 */
public final class BoundedCommand {
    private static final Duration KILL_TIMEOUT = Duration.ofSeconds(10);

    private BoundedCommand() { }

    /** A thread dump of JVM {@code pid} by {@code jcmd <pid> Thread.print -l}, bounded; or why there is none. */
    public static String threadDump(Path jcmd, long pid, Path workDir, Duration bound) {
        if (!Files.isExecutable(jcmd)) return "(no jcmd at " + jcmd + ": install a full JDK to get thread dumps)";
        return run(List.of(jcmd.toString(), Long.toString(pid), "Thread.print", "-l"), workDir, bound);
    }

    /** Runs {@code command} with its output in a temporary file under {@code workDir}; its text, or why there is none. */
    public static String run(List<String> command, Path workDir, Duration bound) {
        String name = Path.of(command.get(0)).getFileName().toString();
        try {
            File outFile = Files.createTempFile(workDir, name + "-", ".txt").toFile();
            Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(outFile).start();
            p.getOutputStream().close();
            if (!p.waitFor(bound.toMillis(), TimeUnit.MILLISECONDS)) {
                p.destroyForcibly();
                p.onExit().get(KILL_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
                return "(" + name + " did not answer within " + bound.toSeconds() + " s)\n" + Files.readString(outFile.toPath());
            }
            String text = Files.readString(outFile.toPath());
            return p.exitValue() == 0 ? text : "(" + name + " exited " + p.exitValue() + ")\n" + text;
        } catch (IOException | ExecutionException | TimeoutException e) {
            return "(" + name + " failed: " + e + ")";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "(interrupted while running " + name + ")";
        }
    }
}
