package org.mpiverify.lincheck.core.matching;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.jetbrains.kotlinx.lincheck.Actor;
import org.jetbrains.kotlinx.lincheck.execution.ExecutionScenario;
import org.jetbrains.lincheck.datastructures.Operation;
import org.jetbrains.lincheck.datastructures.Param;
import org.mpiverify.core.matching.Envelope;
import org.mpiverify.core.matching.MatchingEngine;
import org.mpiverify.core.matching.PostedReceive;
import org.mpiverify.core.trace.MatchingStep;
import org.mpiverify.core.trace.RecordedEvent;
import org.mpiverify.core.trace.TraceRecorder;
import org.mpiverify.lincheck.Budget;
import org.mpiverify.lincheck.Lincheck;

/**
 * The steps a matching engine records for trace validation are stamped inside the critical section that
 * decides each of them, so the stamp order is an order in which the operations could have taken effect one at
 * a time. This checks exactly that, with the engine as its own sequential specification: after the parallel
 * part of each scenario below, the post part's {@link #replay} runs the recorded steps in stamp order on a fresh
 * engine, by one thread, and the replay must record the same steps again (same kind, pattern, outcome, and the
 * same receive or message taken, named by the place of the step that brought it). A step recorded a lock
 * hand-off after the section that decided it lets the other thread's operation take effect in between and be
 * stamped first; the replay then runs the two in the wrong order and records something else. The TLA+ trace
 * validation of the {@code trace} module rejects such traces too, with TLC in the loop; this runs next to the
 * engines' other Lincheck suites, under the model checker, which tries the hand-off at every lock.
 *
 * <p>Operations: {@code HashMatchingEngineLinearizabilityTest.ModeSwitches} (one context and one source) with
 * matched probes, which are recorded (probes, {@code peek}, are not). Scenarios: an arrival and a take
 * first create the context (a take on a context nothing reached records nothing) and, on the hash engine, make it
 * wild; then each races two operations that do not commute: an exact or ANY_TAG receive against an arrival, an
 * exact or ANY_TAG receive's cancel against an arrival, an ANY_TAG take against an exact one. Only these
 * scenarios run ({@link #BUDGET}: no random ones), each with up to 100 interleavings.
 *
 * <p>{@code MODE} steps are left out of the comparison: a probe is not recorded but counts towards the hash
 * engine's wildcard linger, so a replay may switch modes at other places, which changes no result.
 */
public abstract class RecordedMatchingSteps extends HashMatchingEngineLinearizabilityTest.ModeSwitches {
    /** The custom scenarios only, each explored with up to 100 interleavings. */
    static final Budget BUDGET = new Budget(0, 100, 2, 1);

    private final TraceRecorder recorder;
    private final Supplier<MatchingEngine> engines;

    /** @param engines makes the engine under test, and the fresh one of each replay */
    protected RecordedMatchingSteps(Supplier<MatchingEngine> engines) {
        this(engines.get(), engines);
    }

    private RecordedMatchingSteps(MatchingEngine engine, Supplier<MatchingEngine> engines) {
        super(engine);
        this.recorder = TraceRecorder.create(EnumSet.of(TraceRecorder.Algorithm.MATCHING), false);
        engine.recordTo(recorder, 0);
        this.engines = engines;
    }

    @Operation
    public String improbe(@Param(name = "tagSel") int tag) {
        return harness().improbe(0, 0, tag);
    }

    /** "same" if the steps recorded so far, replayed in stamp order on a fresh engine, are recorded again. */
    @Operation
    public String replay() {
        return replayOf(recorder.events(), engines);
    }

    /** The sequential specification: {@link MatchingSpec} on context 0, source 0, and a replay that agrees. */
    public static class Spec extends HashMatchingEngineLinearizabilityTest.ModeSwitchSpec {
        public String improbe(int tag) {
            return improbe(0, 0, tag);
        }

        public String replay() {
            return "same";
        }
    }

    /** The five races described in the class comment, on the operations of {@code c}, each followed by the replay. */
    static ExecutionScenario[] scenarios(Class<?> c) {
        List<Actor> created = List.of(Lincheck.actor(c, "arrive", 1, 0), Lincheck.actor(c, "improbe", 2));
        List<Actor> replay = List.of(Lincheck.actor(c, "replay"));
        List<Actor> arrival = List.of(Lincheck.actor(c, "arrive", 0, 1));
        return new ExecutionScenario[] {
            Lincheck.withPost(created, replay, List.of(Lincheck.actor(c, "post", 0, 0)), arrival),
            Lincheck.withPost(created, replay, List.of(Lincheck.actor(c, "post", 0, 2)), arrival),
            Lincheck.withPost(then(created, Lincheck.actor(c, "post", 0, 0)), replay,
                    List.of(Lincheck.actor(c, "cancel", 0)), arrival),
            Lincheck.withPost(then(created, Lincheck.actor(c, "post", 0, 2)), replay,
                    List.of(Lincheck.actor(c, "cancel", 0)), arrival),
            Lincheck.withPost(then(created, Lincheck.actor(c, "arrive", 0, 1)), replay,
                    List.of(Lincheck.actor(c, "improbe", 2)), List.of(Lincheck.actor(c, "improbe", 0))),
        };
    }

    private static List<Actor> then(List<Actor> first, Actor next) {
        List<Actor> all = new ArrayList<>(first);
        all.add(next);
        return all;
    }

    /** "same", or the recorded steps and the replayed ones where they first differ. */
    static String replayOf(List<RecordedEvent> recorded, Supplier<MatchingEngine> freshEngine) {
        List<MatchingStep> original = steps(recorded);
        TraceRecorder again = TraceRecorder.create(EnumSet.of(TraceRecorder.Algorithm.MATCHING), false);
        MatchingEngine engine = freshEngine.get();
        engine.recordTo(again, 0);
        Map<Long, PostedReceive> receives = new HashMap<>();
        for (MatchingStep s : original) {
            switch (s.kind()) {
                case POST -> {
                    PostedReceive r = new PostedReceive(s.context(), s.source(), s.tag()) {};
                    receives.put(s.receive(), r);
                    engine.matchOrPost(r);
                }
                case ARRIVE -> engine.matchOrEnqueue(new Envelope(s.context(), s.source(), s.tag()) {});
                case CANCEL -> {
                    PostedReceive r = receives.get(s.receive());
                    if (r == null) return "CANCEL of a receive no recorded POST brought: " + s + " in " + original;
                    engine.remove(r);
                }
                case TAKE -> engine.take(s.context(), s.source(), s.tag());
                case MODE -> throw new AssertionError("steps() leaves MODE out");
            }
        }
        List<String> want = normalized(original), got = normalized(steps(again.events()));
        if (want.equals(got)) return "same";
        int i = 0;
        while (i < Math.min(want.size(), got.size()) && want.get(i).equals(got.get(i))) i++;
        return "replay in stamp order differs at step " + i + ": recorded " + want + ", replayed " + got;
    }

    private static List<MatchingStep> steps(List<RecordedEvent> events) {
        List<MatchingStep> steps = new ArrayList<>();
        for (RecordedEvent e : events) { // events() is in stamp order
            if (e.step() instanceof MatchingStep s && s.kind() != MatchingStep.Kind.MODE) steps.add(s);
        }
        return steps;
    }

    /**
     * The steps with every receive and message id replaced by the place of the step that brought it (its id
     * is that step's stamp), so that a recording and its replay, stamped by different clocks, compare.
     */
    private static List<String> normalized(List<MatchingStep> steps) {
        Map<Long, Integer> place = new HashMap<>();
        for (int i = 0; i < steps.size(); i++) {
            MatchingStep s = steps.get(i);
            switch (s.kind()) {
                case POST -> place.put(s.receive(), i);
                case ARRIVE -> place.put(s.message(), i);
                default -> { }
            }
        }
        List<String> out = new ArrayList<>();
        for (MatchingStep s : steps) {
            String pattern = s.context() + "/" + s.source() + "/" + s.tag();
            out.add(switch (s.kind()) {
                case POST -> "POST " + pattern + (s.message() == 0 ? " posted" : " takes #" + name(place, s.message()));
                case ARRIVE -> "ARRIVE " + pattern + (s.receive() == 0 ? " queued" : " matches #" + name(place, s.receive()));
                case CANCEL -> "CANCEL #" + name(place, s.receive()) + (s.flag() ? " removed" : " not posted");
                case TAKE -> "TAKE " + pattern + (s.message() == 0 ? " finds nothing" : " takes #" + name(place, s.message()));
                case MODE -> throw new AssertionError("steps() leaves MODE out");
            });
        }
        return out;
    }

    private static String name(Map<Long, Integer> place, long id) {
        Integer i = place.get(id);
        return i == null ? "?" + id : String.valueOf(i);
    }
}
