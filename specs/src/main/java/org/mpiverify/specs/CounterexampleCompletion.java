package org.mpiverify.specs;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * A whole counterexample for what a distributed run found. TLC 2.18's distributed server prints only the last step of
 * a counterexample, its first state labelled as an initial state (the state a worker sends back with its exception
 * has lost its place in the server's trace file). Once {@link LastStateCheck} has named what that last state violates,
 * this completion runs TLC on this machine (one worker, breadth-first) on the model with that one invariant (or, for
 * a deadlock, no invariant and the deadlock check) and takes its counterexample: a shortest behavior to a state that
 * violates it, as the local run's would be when that invariant is the first it finds violated. (A behavior to the
 * server's own last state would not do: TLC's distributed search is not level by level, so that state can lie a step
 * deeper than the shortest violation, and TLC cannot compare two states whose variables hold values of different
 * types, such as a lock's {@code "free"} and a thread id.)
 *
 * <p>Its cost is a local search of the states up to the violation's depth; for a model whose violation is deep in a
 * large state space this is most of the local run the distributed one replaces (a limit of TLC 2.18's distributed
 * mode).
 *
 * <p>Not thread-safe; one completion per counterexample.
 */
final class CounterexampleCompletion {
    static final String MODULE = "DistributedCounterexample";

    private CounterexampleCompletion() {}

    /** The completion's module: the model's. */
    static String module(ModelSpec model) {
        return "---- MODULE " + MODULE + " ----\nEXTENDS " + model.module() + "\n====\n";
    }

    /** The completion's configuration: the model's constants, specification and view; only what was violated. */
    static String config(ModelSpec model, LastStateCheck.Verdict found, List<String> modelConfigLines) {
        StringBuilder b = new StringBuilder(LastStateCheck.constants(modelConfigLines));
        b.append("SPECIFICATION ").append(model.specification()).append('\n');
        if (model.view() != null) b.append("VIEW ").append(model.view()).append('\n');
        if (found.kind() == Outcome.SAFETY) {
            b.append("INVARIANT ").append(found.violated()).append("\nCHECK_DEADLOCK FALSE\n");
        } else {
            b.append("CHECK_DEADLOCK TRUE\n");
        }
        return b.toString();
    }

    /** A shortest counterexample for {@code found}, or an IllegalStateException saying why TLC did not give one. */
    static List<TraceState> run(ModelSpec model, Path specsDir, LastStateCheck.Verdict found, Consumer<String> rawLog) {
        Path folder = model.folder(specsDir);
        Path scratch = null;
        try {
            scratch = Files.createTempDirectory("tlc-complete-" + model.name() + "-");
            Files.writeString(scratch.resolve(MODULE + ".tla"), module(model));
            Files.writeString(scratch.resolve(MODULE + ".cfg"),
                    config(model, found, Files.readAllLines(folder.resolve(model.config()))));
            List<String> cmd = new ArrayList<>(List.of(TlcProcess.javaExecutable(), "-XX:+UseParallelGC", "-Xss4m", "-Xmx4g",
                    "-Djava.io.tmpdir=" + scratch, "-DTLA-Library=" + folder.toAbsolutePath(),
                    "-cp", TlcProcess.tlaToolsClasspath(), "tlc2.TLC", "-tool", "-workers", "1",
                    "-fp", Integer.toString(TlcProcess.FINGERPRINT), "-seed", Long.toString(TlcProcess.SEED),
                    "-metadir", scratch.resolve("meta").toString(), "-config", MODULE + ".cfg", MODULE));
            rawLog.accept("# completing the counterexample on this machine: " + String.join(" ", cmd));
            Process p = new ProcessBuilder(cmd).directory(scratch.toFile()).redirectErrorStream(true).start();
            TlcOutputParser parser = new TlcOutputParser(x -> {}, false);
            try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line; (line = r.readLine()) != null; ) {
                    rawLog.accept(line);
                    parser.accept(line);
                }
            }
            if (!p.waitFor(model.timeoutSeconds(), TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new IllegalStateException("TLC did not complete the counterexample within " + model.timeoutSeconds() + " s");
            }
            TlcResult r = parser.result(p.exitValue());
            if (r.outcome() != found.kind() || !java.util.Objects.equals(r.violated(), found.violated()) || r.trace().isEmpty()) {
                throw new IllegalStateException("TLC on this machine did not find the " + found.kind().manifestName()
                        + (found.violated() == null ? "" : " of " + found.violated()) + " the distributed run found: "
                        + r.outcome().manifestName() + " " + r.message());
            }
            return r.trace();
        } catch (IOException e) {
            throw new IllegalStateException("cannot complete the counterexample: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        } finally {
            if (scratch != null) TlcProcess.deleteTree(scratch);
        }
    }
}
