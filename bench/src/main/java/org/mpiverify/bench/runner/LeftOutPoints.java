package org.mpiverify.bench.runner;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.mpiverify.bench.compare.ComparisonRunException;

/**
 * The optional measurements (comparison runs) that failed in one figure's run: one line each for the
 * console and the report's skipped list, and the targets' evidence (thread dumps, launcher output),
 * capped, for the report's notes. Used by the one thread that runs the figure.
 */
public final class LeftOutPoints {
    /** Evidence kept per failed run: enough for the first stacks of every rank. */
    static final int EVIDENCE_CHARS = 6_000;
    /** "label: why" (or a lacking line) to the trials it failed in (0 = warm-up), in first-seen order. */
    private final Map<String, List<Integer>> failures = new LinkedHashMap<>();
    private final Map<String, String> labels = new LinkedHashMap<>();
    private final List<String> evidence = new ArrayList<>();

    /**
     * Records that {@code label} failed in {@code trial} and returns the line to print now. The report
     * gets one line per label and reason, listing its trials, and the evidence of its first failure.
     */
    String add(String label, int trial, Exception e) {
        String why = e.getMessage() == null ? e.toString() : e.getMessage().lines().findFirst().orElse(e.toString());
        String key = label + "\u0000" + why;
        boolean first = !failures.containsKey(key);
        failures.computeIfAbsent(key, k -> new ArrayList<>()).add(trial);
        labels.putIfAbsent(key, label);
        if (first && e instanceof ComparisonRunException c && !c.evidence().isBlank()) {
            String ev = c.evidence();
            evidence.add("evidence for " + label + (ev.length() > EVIDENCE_CHARS
                    ? " (first " + EVIDENCE_CHARS + " of " + ev.length() + " chars):\n" + ev.substring(0, EVIDENCE_CHARS)
                    : ":\n" + ev));
        }
        return line(label, List.of(trial), why);
    }

    private static String line(String label, List<Integer> trials, String why) {
        return "point left out: " + label + (trials.isEmpty() ? "" : " (" + trials(trials) + ")") + ": " + why;
    }

    /** "warm-up", "trial 3", "warm-up, trials 1, 2, 5". */
    private static String trials(List<Integer> ts) {
        List<String> parts = new ArrayList<>();
        if (ts.contains(0)) parts.add("warm-up");
        List<Integer> real = ts.stream().filter(t -> t > 0).toList();
        if (!real.isEmpty()) {
            parts.add((real.size() == 1 ? "trial " : "trials ")
                    + String.join(", ", real.stream().map(String::valueOf).toList()));
        }
        return String.join(", ", parts);
    }

    /** A point not measured at all because the library lacks an operation it needs; one line, no trial. */
    public void lacking(String label, String why) {
        String key = label + "\u0000" + why;
        failures.putIfAbsent(key, new ArrayList<>());
        labels.putIfAbsent(key, label);
    }

    /** One line per label and reason, in the order they first happened. */
    public List<String> lines() {
        List<String> out = new ArrayList<>();
        failures.forEach((key, ts) -> out.add(line(labels.get(key), ts, key.substring(key.indexOf('\u0000') + 1))));
        return out;
    }

    public List<String> evidence() {
        return List.copyOf(evidence);
    }

    /** {@code skipped} followed by this run's left-out lines. */
    public List<String> appendTo(List<String> skipped) {
        List<String> all = new ArrayList<>(skipped);
        all.addAll(lines());
        return all;
    }

    /** {@code notes} followed by the evidence. */
    public List<String> appendEvidenceTo(List<String> notes) {
        List<String> all = new ArrayList<>(notes);
        all.addAll(evidence);
        return all;
    }
}
