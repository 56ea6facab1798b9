package org.mpiverify.trace;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.mpiverify.core.trace.MatchingStep;
import org.mpiverify.core.trace.RecordedEvent;

/**
 * A quick sequential replay of one rank's matching steps (two FIFOs per context, MPI-3.1 §3.5), used by
 * the twin tests only to tell which runs hit a twin's race before TLC, the judge, checks them, and to
 * cross-check the event TLC names. Not an oracle of its own: every verdict a test asserts is TLC's.
 */
final class MatchingReplay {
    private record Item(long id, int source, int tag) {}

    private MatchingReplay() {}

    /** The steps of {@code rank} in {@code events}, in order. */
    static List<MatchingStep> steps(List<RecordedEvent> events, int rank) {
        List<MatchingStep> out = new ArrayList<>();
        for (RecordedEvent e : events) {
            if (e.step() instanceof MatchingStep s && s.process() == rank) out.add(s);
        }
        return out;
    }

    /** The number (from 1) of the first step whose result the queues do not give, or 0 if none. */
    static int firstDisagreement(List<MatchingStep> steps) {
        Map<Integer, List<Item>> posted = new HashMap<>();
        Map<Integer, List<Item>> unexpected = new HashMap<>();
        for (int i = 0; i < steps.size(); i++) {
            MatchingStep s = steps.get(i);
            List<Item> p = posted.computeIfAbsent(s.context(), c -> new ArrayList<>());
            List<Item> u = unexpected.computeIfAbsent(s.context(), c -> new ArrayList<>());
            boolean ok = switch (s.kind()) {
                case POST, TAKE -> {
                    int k = first(u, s.source(), s.tag(), true);
                    long got = k < 0 ? 0 : u.get(k).id();
                    if (k >= 0) u.remove(k);
                    else if (s.kind() == MatchingStep.Kind.POST) p.add(new Item(s.receive(), s.source(), s.tag()));
                    yield got == s.message();
                }
                case ARRIVE -> {
                    int k = first(p, s.source(), s.tag(), false);
                    long got = k < 0 ? 0 : p.get(k).id();
                    if (k >= 0) p.remove(k);
                    else u.add(new Item(s.message(), s.source(), s.tag()));
                    yield got == s.receive();
                }
                case CANCEL -> p.removeIf(x -> x.id() == s.receive()) == s.flag();
                case MODE -> true;
            };
            if (!ok) return i + 1;
        }
        return 0;
    }

    /** Index of the first item of q matching: a receive pattern against messages, or a message against receives. */
    private static int first(List<Item> q, int source, int tag, boolean queueHoldsMessages) {
        for (int k = 0; k < q.size(); k++) {
            Item x = q.get(k);
            boolean m = queueHoldsMessages
                    ? (source == -2 || source == x.source()) && (tag == -1 || tag == x.tag())
                    : (x.source() == -2 || x.source() == source) && (x.tag() == -1 || x.tag() == tag);
            if (m) return k;
        }
        return -1;
    }
}
