package org.mpiverify.lincheck.core.matching;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.mpiverify.core.matching.Envelope;
import org.mpiverify.core.matching.MatchingEngine;
import org.mpiverify.core.matching.PostedReceive;
import org.mpiverify.core.trace.MatchingStep;
import org.mpiverify.core.trace.RecordedEvent;
import org.mpiverify.core.trace.TraceRecorder;

/**
 * Checks that a matching engine's recorded steps are stamped in an order its operations could have taken
 * effect in, one at a time, with the engine as its own sequential specification: the steps are replayed in
 * stamp order on a fresh engine by one thread, and the replay must record the same steps again (same kind,
 * pattern, outcome, and the same receive or message taken, named by the place of the step that brought it).
 * A step recorded a lock hand-off after the section that decided it lets another operation's section run in
 * between and be stamped first; the replay then runs the two in the wrong order and records something else.
 *
 * <p>{@code MODE} steps are left out: a probe ({@code peek}) is not recorded but counts towards the hash
 * engine's wildcard linger, so the replay may switch modes at other places, which changes no result.
 */
final class RecordedMatchingReplay {
    private RecordedMatchingReplay() {}

    /** "same", or the recorded steps and the replayed ones where they first differ. */
    static String replay(List<RecordedEvent> recorded, Supplier<MatchingEngine> freshEngine) {
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
