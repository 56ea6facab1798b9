package org.mpiverify.bench.figures;

import java.util.ArrayList;
import java.util.List;
import org.mpiverify.bench.compare.ComparisonRunException;

/**
 * The optional measurements (comparison runs) that failed in one figure's run: one line each for the
 * console and the report's skipped list, and the targets' evidence (thread dumps, launcher output),
 * capped, for the report's notes. Used by the one thread that runs the figure.
 */
public final class LeftOutPoints {
    /** Evidence kept per failed run: enough for the first stacks of every rank. */
    static final int EVIDENCE_CHARS = 6_000;
    private final List<String> lines = new ArrayList<>();
    private final List<String> evidence = new ArrayList<>();

    void add(String label, int trial, Exception e) {
        String why = e.getMessage() == null ? e.toString() : e.getMessage().lines().findFirst().orElse(e.toString());
        String line = "point left out: " + label + (trial == 0 ? " (warm-up)" : " (trial " + trial + ")") + ": " + why;
        lines.add(line);
        if (e instanceof ComparisonRunException c && !c.evidence().isBlank()) {
            String ev = c.evidence();
            evidence.add("evidence for " + label + (ev.length() > EVIDENCE_CHARS
                    ? " (first " + EVIDENCE_CHARS + " of " + ev.length() + " chars):\n" + ev.substring(0, EVIDENCE_CHARS)
                    : ":\n" + ev));
        }
    }

    /** A point not measured at all because the library lacks an operation it needs; one line, no trial. */
    void lacking(String label, String why) {
        lines.add("point left out: " + label + ": " + why);
    }

    public List<String> lines() {
        return List.copyOf(lines);
    }

    public List<String> evidence() {
        return List.copyOf(evidence);
    }

    /** {@code skipped} followed by this run's left-out lines. */
    public List<String> appendTo(List<String> skipped) {
        List<String> all = new ArrayList<>(skipped);
        all.addAll(lines);
        return all;
    }

    /** {@code notes} followed by the evidence. */
    public List<String> appendEvidenceTo(List<String> notes) {
        List<String> all = new ArrayList<>(notes);
        all.addAll(evidence);
        return all;
    }
}
