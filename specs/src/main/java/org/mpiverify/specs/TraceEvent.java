package org.mpiverify.specs;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The history variable {@code event} that every spec here keeps: who took the step, what it did,
 * and to whom it sent something. It exists only to make counterexamples readable; TLC's own action
 * label names the TLA+ operator, not the thread, and all of a thread's steps share one operator.
 *
 * @param who   the thread or process (a lane of the sequence diagram)
 * @param what  the step in words
 * @param peers the lanes the step sends to or synchronizes with
 */
public record TraceEvent(String who, String what, List<String> peers) {
    /** The name of the variable in the specs. */
    public static final String VARIABLE = "event";

    private static final Pattern WHO = Pattern.compile("who \\|-> \"((?:[^\"\\\\]|\\\\.)*)\"");
    private static final Pattern WHAT = Pattern.compile("what \\|-> \"((?:[^\"\\\\]|\\\\.)*)\"");
    private static final Pattern PEERS = Pattern.compile("peers \\|-> \\{(.*?)}");
    private static final Pattern STRING = Pattern.compile("\"((?:[^\"\\\\]|\\\\.)*)\"");

    /** Reads an {@code event} value as TLC prints it; null if the state has no such record. */
    public static TraceEvent of(TraceState s) {
        String v = s.variables().get(VARIABLE);
        if (v == null) return null;
        Matcher who = WHO.matcher(v);
        Matcher what = WHAT.matcher(v);
        if (!who.find() || !what.find()) return null;
        List<String> peers = new ArrayList<>();
        Matcher p = PEERS.matcher(v);
        if (p.find()) {
            Matcher str = STRING.matcher(p.group(1));
            while (str.find()) peers.add(str.group(1));
        }
        return new TraceEvent(who.group(1), what.group(1), List.copyOf(peers));
    }
}
