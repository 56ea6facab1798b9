package org.mpiverify.specs;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
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
        if (model.constraint() != null) b.append("CONSTRAINT ").append(model.constraint()).append('\n');
        if (found.kind() == TlcOutcome.SAFETY) {
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
            var done = TlcProcess.runScratch(scratch, MODULE, folder, "4g", model.timeoutSeconds(),
                    "completing the counterexample on this machine", rawLog);
            if (done.isEmpty()) {
                throw new IllegalStateException("TLC did not complete the counterexample within " + model.timeoutSeconds() + " s");
            }
            TlcResult r = done.get();
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
