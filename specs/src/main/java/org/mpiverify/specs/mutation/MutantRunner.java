package org.mpiverify.specs.mutation;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
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
 * shared machine can give), until one kills it or every model has run: a model that times out or cannot
 * evaluate the mutant does not end the chain, because a cheaper-looking model later in it (another
 * configuration, another property) may kill the mutant in seconds. The order: first the models that
 * killed other mutants of the same definition (in this run, or in the history a resumed run reuses:
 * {@link #noteKill}), most kills first, then the cheapest. It decides which model runs, never the
 * status: a mutant is killed if any model kills it, and the chain runs every model until one does.
 *
 * <p>Deadlines come from the load the run sees, not from a figure recorded on an idle machine: a
 * model's deadline is {@code factor} times its unmutated time measured in the same run (its
 * {@link Baseline}), at least {@code minSeconds}, and at most the manifest's deadline scaled by the same
 * load ratio (the baseline over the manifest's recorded time, when that is above 1). A baseline
 * estimated from the recorded time (the sample's) is scaled by a measured load ratio the same way.
 *
 * <p>Killed means a property violation TLC reports: an invariant, an action property, a temporal
 * property, a refinement (a property whose definition is an instance's, {@code AM!Spec}, or whose name
 * starts with "Refines"), or a deadlock where the model checks for one. A model that passes with another
 * distinct-state count has not killed the mutant. The verdict is KILLED if any model kills it; else
 * INVALID if TLC could not evaluate it in some model (a function applied outside its domain, a CHOOSE
 * from an empty set, a number compared with a string); else TIMED_OUT if some model did not finish
 * within its deadline; else SURVIVED. Not thread-safe.
 */
final class MutantRunner {
    private static final Pattern ACTION_AT = Pattern.compile("line (\\d+), col (\\d+) to line (\\d+), col (\\d+) of module (\\w+)");

    /** The unmutated run of a model: its seconds and distinct states. */
    record Baseline(double seconds, long states) {}

    /** Runs one model with one worker and a deadline, in a specs folder (TLC in a process of its own). */
    @FunctionalInterface
    interface Checker {
        TlcResult check(Path specs, ModelSpec model, int deadlineSeconds);
    }

    /** The checker of every real run: a TLC process of {@code specs}, without action coverage (a mutant claims none). */
    static final Checker TLC = (specs, model, deadline) -> new TlcProcess(specs, 1, TlcProcess.DEFAULT_SIMULATION_TRACES)
            .withoutCoverage().run(model.renamed(model.name(), deadline), p -> {}, line -> {});

    private final SpecGraph graph;
    private final Map<String, Baseline> baselines;
    private final double factor;
    private final int minSeconds;
    private final Checker checker;
    /** Module!Definition -> model -> the mutants of that definition the model killed. */
    private final Map<String, Map<String, Integer>> kills = new HashMap<>();

    MutantRunner(SpecGraph graph, Map<String, Baseline> baselines, double factor, int minSeconds) {
        this(graph, baselines, factor, minSeconds, TLC);
    }

    MutantRunner(SpecGraph graph, Map<String, Baseline> baselines, double factor, int minSeconds, Checker checker) {
        this.graph = graph;
        this.baselines = baselines;
        this.factor = factor;
        this.minSeconds = minSeconds;
        this.checker = checker;
    }

    /** The mutant's verdict and its model runs. */
    record Verdict(MutantStatus status, ModelRun killer, List<ModelRun> runs, long millis) {}

    /**
     * The models of {@code m}: those that killed most mutants of its definition first (a mutant of a
     * definition is most often killed by the model that killed its siblings: the same oracle reads it), then
     * the cheapest.
     */
    List<SpecGraph.ModelView> order(SpecMutant m) {
        Map<String, Integer> k = kills.getOrDefault(definitionOf(m.id()), Map.of());
        return graph.views().stream().filter(v -> m.models().contains(v.model().name()))
                .sorted(Comparator.<SpecGraph.ModelView>comparingInt(v -> -k.getOrDefault(v.model().name(), 0))
                        .thenComparingDouble(v -> seconds(v.model()))).toList();
    }

    /** Notes that {@code model} killed the mutant {@code id} (decided in this run, or reused from the history). */
    void noteKill(String id, String model) {
        kills.computeIfAbsent(definitionOf(id), d -> new HashMap<>()).merge(model, 1, Integer::sum);
    }

    /** Module!Definition: the part of a mutant's id before its operator (identifiers hold no '/'). */
    private static String definitionOf(String id) {
        int slash = id.indexOf('/');
        return slash < 0 ? id : id.substring(0, slash);
    }

    private double seconds(ModelSpec m) {
        Baseline b = baselines.get(m.name());
        return b != null ? b.seconds() : m.recordedSeconds() > 0 ? m.recordedSeconds() : m.timeoutSeconds();
    }

    /**
     * The deadline of {@code m}, seconds: {@code factor} times its baseline, at least {@code minSeconds}, at most
     * the manifest's deadline times the load ratio (baseline over recorded time, if above 1: at a load that makes
     * the unmutated model take 3.5 times its idle time, the manifest's deadline, written for an idle machine,
     * would cut the mutant off at less than its unmutated time).
     */
    int deadline(ModelSpec m) {
        Baseline b = baselines.get(m.name());
        double load = b != null && m.recordedSeconds() > 0 ? Math.max(1.0, b.seconds() / m.recordedSeconds()) : 1.0;
        double cap = Math.ceil(m.timeoutSeconds() * load);
        return (int) Math.min(cap, Math.max(minSeconds, Math.ceil(factor * seconds(m))));
    }

    Verdict run(SpecMutant m, Path specs, Consumer<String> log) {
        List<ModelRun> runs = new ArrayList<>();
        long start = System.nanoTime();
        ModelRun killer = null;
        for (SpecGraph.ModelView v : order(m)) {
            ModelSpec model = v.model();
            int deadline = deadline(model);
            long t0 = System.nanoTime();
            TlcResult r = checker.check(specs, model, deadline);
            double seconds = Math.round((System.nanoTime() - t0) / 1e8) / 10.0;
            Baseline b = baselines.get(model.name());
            ModelRun run = classify(v, r, seconds, b == null ? -1 : b.states(), deadline);
            runs.add(run);
            log.accept(String.format("   %-34s %-9s %5.1f s  %s", model.name(), run.verdict(), seconds,
                    run.verdict().equals(ModelRun.KILLED) ? run.kind() + (run.violated() == null ? "" : " " + run.violated())
                            : run.verdict().equals(ModelRun.PASSED) ? run.distinctStates() + " states" : run.message()));
            if (run.verdict().equals(ModelRun.KILLED)) {
                killer = run;
                noteKill(m.id(), model.name());
                break;
            }
            // a timeout or an evaluation error in this model does not settle the mutant: another model of the
            // chain (another configuration, another property) may still kill it, often cheaply
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
