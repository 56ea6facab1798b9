package org.mpiverify.specs.mutation;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.mpiverify.specs.ModelSpec;
import org.mpiverify.specs.TlcOutcome;
import org.mpiverify.specs.TlcProcess;
import org.mpiverify.specs.TlcResult;
import tla2sany.semantic.ExprNode;
import tla2sany.semantic.OpDefNode;
import tla2sany.st.Location;

/**
 * Runs the passing models that use a mutant's definition against the mutant, each in a TLC process of
 * its own with one worker (every liveness check here must have one, and one TLC at a time is what a
 * shared machine can give) and a deadline of {@code factor} times the model's unmutated time (at least
 * {@code minSeconds}, at most the manifest's deadline), cheapest model first, until one kills it, times
 * out or cannot evaluate it.
 *
 * <p>Killed means a property violation TLC reports: an invariant, an action property, a temporal
 * property, a refinement (a property whose definition is an instance's, {@code AM!Spec}, or whose name
 * starts with "Refines"), or a deadlock where the model checks for one. A model that passes with another
 * distinct-state count has not killed the mutant. A TLC error that is not a timeout (an evaluation
 * error: the mutant applies a function outside its domain, chooses from an empty set, compares a number
 * with a string) makes the mutant INVALID unless another model kills it. Not thread-safe.
 */
final class MutantRunner {
    private static final Pattern ACTION_AT = Pattern.compile("line (\\d+), col (\\d+) to line (\\d+), col (\\d+) of module (\\w+)");

    /** The unmutated run of a model: its seconds and distinct states. */
    record Baseline(double seconds, long states) {}

    private final SpecGraph graph;
    private final Map<String, Baseline> baselines;
    private final double factor;
    private final int minSeconds;

    MutantRunner(SpecGraph graph, Map<String, Baseline> baselines, double factor, int minSeconds) {
        this.graph = graph;
        this.baselines = baselines;
        this.factor = factor;
        this.minSeconds = minSeconds;
    }

    /** The mutant's verdict and its model runs. */
    record Verdict(MutantStatus status, ModelRun killer, List<ModelRun> runs, long millis) {}

    /** The models of {@code m}, cheapest first. */
    List<SpecGraph.ModelView> order(SpecMutant m) {
        return graph.views().stream().filter(v -> m.models().contains(v.model().name()))
                .sorted(Comparator.comparingDouble(v -> seconds(v.model()))).toList();
    }

    private double seconds(ModelSpec m) {
        Baseline b = baselines.get(m.name());
        return b != null ? b.seconds() : m.recordedSeconds() > 0 ? m.recordedSeconds() : m.timeoutSeconds();
    }

    int deadline(ModelSpec m) {
        return (int) Math.min(m.timeoutSeconds(), Math.max(minSeconds, Math.ceil(factor * seconds(m))));
    }

    Verdict run(SpecMutant m, Path specs, Consumer<String> log) {
        List<ModelRun> runs = new ArrayList<>();
        long start = System.nanoTime();
        ModelRun killer = null;
        for (SpecGraph.ModelView v : order(m)) {
            ModelSpec model = v.model();
            int deadline = deadline(model);
            long t0 = System.nanoTime();
            TlcResult r = new TlcProcess(specs, 1, TlcProcess.DEFAULT_SIMULATION_TRACES)
                    .run(model.renamed(model.name(), deadline), p -> {}, line -> {});
            double seconds = Math.round((System.nanoTime() - t0) / 1e8) / 10.0;
            Baseline b = baselines.get(model.name());
            ModelRun run = classify(v, r, seconds, b == null ? -1 : b.states(), deadline);
            runs.add(run);
            log.accept(String.format("   %-34s %-9s %5.1f s  %s", model.name(), run.verdict(), seconds,
                    run.verdict().equals(ModelRun.KILLED) ? run.kind() + (run.violated() == null ? "" : " " + run.violated())
                            : run.verdict().equals(ModelRun.PASSED) ? run.distinctStates() + " states" : run.message()));
            if (run.verdict().equals(ModelRun.KILLED)) {
                killer = run;
                break;
            }
            // a state space that outgrew its deadline in this model outgrows it in the larger ones too, and a
            // mutant TLC cannot evaluate is settled: the other models would only spend their deadlines
            if (!run.verdict().equals(ModelRun.PASSED)) break;
        }
        long millis = (System.nanoTime() - start) / 1_000_000;
        MutantStatus status = killer != null ? MutantStatus.KILLED
                : runs.stream().anyMatch(r -> r.verdict().equals(ModelRun.INVALID)) ? MutantStatus.INVALID
                : runs.stream().anyMatch(r -> r.verdict().equals(ModelRun.TIMED_OUT)) ? MutantStatus.TIMED_OUT
                : MutantStatus.SURVIVED;
        return new Verdict(status, killer, runs, millis);
    }

    /** What one model's TLC result says about the mutant. */
    static ModelRun classify(SpecGraph.ModelView v, TlcResult r, double seconds, long baselineStates, int deadline) {
        ModelSpec model = v.model();
        TlcOutcome o = r.outcome();
        String message = firstLine(r.message());
        // TLC announced a violation, then printed no counterexample (an initial state that violates an
        // invariant, whose state comes in a message the parser does not read as a trace) or crashed
        // searching for it: the violation stands
        boolean announced = o == TlcOutcome.ERROR && (r.crashedAfterViolation()
                || r.message().startsWith("TLC reported a ") && r.message().contains("but printed no counterexample"));
        if (o == TlcOutcome.ERROR && !announced) {
            if (r.message().contains("did not finish within the deadline")) {
                return new ModelRun(model.name(), ModelRun.TIMED_OUT, o.manifestName(), null, null, seconds,
                        r.distinctStates(), baselineStates, deadline, "no result within " + deadline + " s");
            }
            if (r.message().startsWith("cannot start TLC") || r.message().equals("interrupted")
                    || r.message().startsWith("configuration ")) {
                throw new IllegalStateException("TLC could not run " + model.name() + ": " + r.message());
            }
            String what = ModuleSource.oneLine(r.message());   // TLC's reason is often past its first line
            return new ModelRun(model.name(), ModelRun.INVALID, o.manifestName(), null, null, seconds,
                    r.distinctStates(), baselineStates, deadline, what.length() > 400 ? what.substring(0, 399) + "…" : what);
        }
        if (o == TlcOutcome.SUCCESS) {
            return new ModelRun(model.name(), ModelRun.PASSED, o.manifestName(), null, null, seconds,
                    r.distinctStates(), baselineStates, deadline, "");
        }
        // a violation (possibly announced just before TLC crashed searching for its counterexample)
        String text = r.message();
        String violated = r.violated();
        String kind;
        if (announced) {
            kind = text.startsWith("TLC reported a liveness") ? "temporal property"
                    : text.startsWith("TLC reported a deadlock") ? "deadlock"
                    : violated != null && model.invariants().contains(violated) ? "invariant" : "invariant or property";
        } else if (o == TlcOutcome.DEADLOCK) {
            kind = "deadlock";
        } else if (o == TlcOutcome.LIVENESS) {
            if (violated == null && model.properties().size() == 1) violated = model.properties().getFirst();
            kind = "temporal property";
        } else if (violated != null && model.invariants().contains(violated)) {
            kind = "invariant";
        } else {
            if (violated == null) violated = attribute(v, text);
            kind = "action property";
        }
        if (violated != null && refinement(v, violated)) kind = "refinement";
        return new ModelRun(model.name(), ModelRun.KILLED, announced ? "violation (" + firstLine(text) + ")" : o.manifestName(),
                kind, violated, seconds, r.distinctStates(), baselineStates, deadline, message);
    }

    /** The property of the model whose definitions hold the location TLC names ("Action property line L, col C ..."). */
    static String attribute(SpecGraph.ModelView v, String message) {
        Matcher mt = ACTION_AT.matcher(message);
        if (!mt.find()) return null;
        int line = Integer.parseInt(mt.group(1));
        String module = mt.group(5);
        for (String p : v.model().properties()) {
            OpDefNode d = v.parse().root().getOpDef(p);
            if (d == null) continue;
            SpecGraph.Reach reach = new SpecGraph.Reach(java.util.Map.of(), java.util.Set.of());
            reach.def(d);
            if (reach.containsLocation(module, line)) return p;
        }
        return null;
    }

    /** A refinement: a property whose definition applies an instance's definition ({@code AM!Spec}), or named Refines*. */
    static boolean refinement(SpecGraph.ModelView v, String property) {
        if (property.startsWith("Refines")) return true;
        OpDefNode d = v.parse().root().getOpDef(property);
        if (d == null) return false;
        ExprNode b = Nodes.underLets(d.getBody());
        OpDefNode called = Nodes.calledDef(b);
        return called != null && called.getName().toString().contains("!");
    }

    private static String firstLine(String s) {
        if (s == null) return "";
        String t = s.strip();
        int nl = t.indexOf('\n');
        String line = nl < 0 ? t : t.substring(0, nl);
        return line.length() > 300 ? line.substring(0, 299) + "…" : line;
    }

    static boolean contains(Location l, String module, int line) {
        return l != null && l.source().equals(module) && l.beginLine() <= line && line <= l.endLine();
    }
}
