package org.mpiverify.specs;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;

/**
 * Names what the last state of a distributed run's counterexample violates, by asking TLC: TLC's distributed server
 * prints the behavior but not the violated invariant, nor that the last state deadlocks (see {@link
 * TlcOutputParser}). This check runs TLC (one worker, this machine) on a model whose only state is that last state
 * and whose next-state relation leaves it unchanged, with the model's constants and its invariants in the model's
 * order, and the model's own next-state action under a state constraint that keeps TLC at that one state: TLC
 * reports the first invariant the state violates (as the local run's TLC would have for it) or, if it violates none,
 * whether it has no successor at all (a deadlock, when the model checks for deadlocks). A state that violates no
 * invariant and has a successor cannot be named, and the run is an error: the server may have printed the behavior
 * for an evaluation error of a worker.
 *
 * <p>The check's module extends the model's {@code MC_} module and {@code TLC} (for {@code :>} and {@code @@} in
 * printed values) and is written to a scratch folder; TLC finds the model's modules through {@code TLA-Library}.
 *
 * <p>Not thread-safe; one check per counterexample.
 */
final class LastStateCheck {
    static final String MODULE = "DistributedLastState";

    /** What the last state was found to violate. */
    record Verdict(TlcOutcome kind, String violated, String error) {
        static Verdict error(String why) {
            return new Verdict(TlcOutcome.ERROR, null, why);
        }
    }

    private LastStateCheck() {}

    /** The check's module: {@code DistLastState} is {@code last}, {@code DistOnlyLast} keeps TLC there. */
    static String module(ModelSpec model, TraceState last) {
        StringBuilder b = new StringBuilder("---- MODULE " + MODULE + " ----\n");
        b.append("EXTENDS ").append(model.module()).append(", TLC\n");
        b.append("DistLastState ==\n");
        last.variables().forEach((name, value) -> b.append("  /\\ ").append(name).append(" = ").append(value).append('\n'));
        b.append("DistOnlyLast == ").append(isState(last, "=")).append("\n====\n");
        return b.toString();
    }

    /**
     * {@code ToString(<<x, y>>) = ToString(<<1, "a">>)} ({@code op} "=") or {@code #}: whether the current state is
     * (is not) {@code s}, compared as TLC prints values, since TLC refuses to compare values of different types.
     */
    static String isState(TraceState s, String op) {
        return "ToString(<<" + String.join(", ", s.variables().keySet()) + ">>) " + op + " ToString(<<"
                + String.join(", ", s.variables().values()) + ">>)";
    }

    /**
     * The check's configuration: the model's constants and invariants, the one state, the model's next-state action
     * {@code next} constrained to it, and the model's deadlock check.
     */
    static String config(ModelSpec model, String next, List<String> modelConfigLines) {
        StringBuilder b = new StringBuilder(constants(modelConfigLines));
        for (String inv : model.invariants()) b.append("INVARIANT ").append(inv).append('\n');
        b.append("INIT DistLastState\nNEXT ").append(next).append("\nCONSTRAINT DistOnlyLast\nCHECK_DEADLOCK ")
                .append(model.checkDeadlock() ? "TRUE" : "FALSE").append('\n');
        return b.toString();
    }

    /** The {@code CONSTANTS} block of a model's configuration. */
    static String constants(List<String> modelConfigLines) {
        StringBuilder b = new StringBuilder();
        boolean inConstants = false;
        for (String line : modelConfigLines) {
            String t = line.strip();
            if (t.startsWith("CONSTANT")) {
                inConstants = true;
                b.append(line).append('\n');
            } else if (inConstants && (line.startsWith(" ") || line.startsWith("\t")) && !t.isEmpty()) {
                b.append(line).append('\n');
            } else {
                inConstants = false;
            }
        }
        return b.toString();
    }

    /** Runs the check for {@code model}'s counterexample ending in {@code last}; {@code rawLog} gets TLC's output. */
    static Verdict run(ModelSpec model, Path specsDir, TraceState last, Consumer<String> rawLog) {
        Path folder = model.folder(specsDir);
        Path scratch = null;
        try {
            var next = ModelModules.of(model, specsDir).nextStateAction(model.specification());
            if (next.isEmpty()) {
                return Verdict.error("cannot name the counterexample: no definition '" + model.specification()
                        + " == ... [][Next]_vars' in the model's modules");
            }
            scratch = Files.createTempDirectory("tlc-last-" + model.name() + "-");
            Files.writeString(scratch.resolve(MODULE + ".tla"), module(model, last));
            Files.writeString(scratch.resolve(MODULE + ".cfg"),
                    config(model, next.get(), Files.readAllLines(folder.resolve(model.config()))));
            var done = TlcProcess.runScratch(scratch, MODULE, folder, "1g", model.timeoutSeconds(),
                    "naming the counterexample from its last state", rawLog);
            if (done.isEmpty()) {
                return Verdict.error("TLC did not evaluate the counterexample's last state within " + model.timeoutSeconds() + " s");
            }
            TlcResult r = done.get();
            if (r.outcome() == TlcOutcome.SAFETY && r.violated() != null) return new Verdict(TlcOutcome.SAFETY, r.violated(), null);
            if (r.outcome() == TlcOutcome.DEADLOCK) return new Verdict(TlcOutcome.DEADLOCK, null, null);
            if (r.outcome() == TlcOutcome.SUCCESS) {
                return Verdict.error("the counterexample's last state violates no invariant of the model and has a"
                        + " successor" + (model.checkDeadlock() ? "" : " or the model does not check for deadlocks")
                        + ": the server printed it for another reason (see the workers' output)");
            }
            return Verdict.error("TLC could not evaluate the counterexample's last state: " + r.message());
        } catch (IOException e) {
            return Verdict.error("cannot evaluate the counterexample's last state: " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Verdict.error("interrupted");
        } finally {
            if (scratch != null) TlcProcess.deleteTree(scratch);
        }
    }

    static String describe(Verdict v) {
        return v.kind() == TlcOutcome.DEADLOCK
                ? "Deadlock reached (the counterexample's last state violates no invariant and has no successor)."
                : "Invariant " + v.violated() + " is violated (TLC's evaluation of the counterexample's last state).";
    }
}
