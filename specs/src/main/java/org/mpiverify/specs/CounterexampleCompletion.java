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
 * The whole behavior to the last state of a distributed run's counterexample. TLC 2.18's distributed server prints
 * only the last step of a counterexample, its first state labelled as an initial state (the state a worker sends
 * back with its exception has lost its place in the server's trace file). This completion runs TLC on this machine
 * (one worker, breadth-first) on the model with one more invariant, "the state is not that last state" (compared
 * through the model's {@code VIEW} when it has one, since TLC identifies states by it), and no other: TLC stops at the
 * first state equal to it and prints a shortest behavior to it from an initial state.
 *
 * <p>Its cost is a local search of the states up to that depth; for a model whose violation is deep in a large state
 * space this is most of the local run the distributed one replaces (a limit of TLC 2.18's distributed mode).
 *
 * <p>Not thread-safe; one completion per counterexample.
 */
final class CounterexampleCompletion {
    static final String MODULE = "DistributedCounterexample";

    private CounterexampleCompletion() {}

    /** The completion's module: {@code DistNotLast} is violated exactly at {@code last}. */
    static String module(ModelSpec model, TraceState last) {
        StringBuilder b = new StringBuilder("---- MODULE " + MODULE + " ----\n");
        b.append("EXTENDS ").append(model.module()).append(", TLC\n");
        b.append("DistLast == INSTANCE ").append(model.module()).append(" WITH\n");
        List<String> subst = new ArrayList<>();
        last.variables().forEach((name, value) -> subst.add("    " + name + " <- " + value));
        b.append(String.join(",\n", subst)).append('\n');
        if (model.view() != null) {
            b.append("DistNotLast == ").append(model.view()).append(" # DistLast!").append(model.view()).append('\n');
        } else {
            b.append("DistNotLast == ~(").append(String.join(" /\\ ", last.variables().keySet().stream()
                    .map(v -> v + " = DistLast!" + v).toList())).append(")\n");
        }
        return b.append("====\n").toString();
    }

    /** The completion's configuration: the model's constants, specification and view, one invariant. */
    static String config(ModelSpec model, List<String> modelConfigLines) {
        StringBuilder b = new StringBuilder(LastStateCheck.constants(modelConfigLines));
        b.append("SPECIFICATION ").append(model.specification()).append('\n');
        if (model.view() != null) b.append("VIEW ").append(model.view()).append('\n');
        b.append("INVARIANT DistNotLast\nCHECK_DEADLOCK FALSE\n");
        return b.toString();
    }

    /** The behavior to {@code last}, or an IllegalStateException saying why TLC did not give it. */
    static List<TraceState> run(ModelSpec model, Path specsDir, TraceState last, Consumer<String> rawLog) {
        Path folder = model.folder(specsDir);
        Path scratch = null;
        try {
            scratch = Files.createTempDirectory("tlc-complete-" + model.name() + "-");
            Files.writeString(scratch.resolve(MODULE + ".tla"), module(model, last));
            Files.writeString(scratch.resolve(MODULE + ".cfg"), config(model, Files.readAllLines(folder.resolve(model.config()))));
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
            if (r.outcome() != Outcome.SAFETY || !"DistNotLast".equals(r.violated()) || r.trace().isEmpty()) {
                throw new IllegalStateException("TLC did not find the behavior to the counterexample's last state: "
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
