package org.mpiverify.results;

import java.util.Collection;
import java.util.Locale;

/**
 * The verdict vocabulary every producer and the reports share, ordered from best to worst, so that a
 * cell over several results shows the worst: FAIL &gt; HANG &gt; CRASH &gt; HAZARD &gt; UNSUPPORTED &gt; PASS,
 * and {@link #NO_RESULT} below everything (an empty cell never hides a failure). The audit judges its
 * runs in these words; the other kinds of check map theirs onto them (a TLC model "as expected", a
 * rejected known-bad twin, a met benchmark target are all PASS).
 */
public enum Outcome {
    /** Nothing was produced: a result the traceability table names but no file holds. Never a run's outcome. */
    NO_RESULT,
    PASS,
    /** The operation does not exist in this implementation. */
    UNSUPPORTED,
    /** Allowed by the standard, unsafe for users (for example false matching with probe+recv). */
    HAZARD,
    /** A rank died or threw where the scenario expected none. */
    CRASH,
    /** Deadline exceeded; evidence holds every thread's stack. */
    HANG,
    /** Wrong result: a message lost, duplicated, misdelivered, an id reused, a bad checksum. */
    FAIL;

    /** Whether this outcome is worse than {@code other}. */
    public boolean isWorseThan(Outcome other) {
        return compareTo(other) > 0;
    }

    /**
     * FAIL, HANG or CRASH: the check found the implementation wrong. A known-bad input (a twin, an unsafe
     * variant) is rejected when some run of it has such an outcome; a HAZARD or UNSUPPORTED does not reject.
     */
    public boolean isFailure() {
        return this == FAIL || this == HANG || this == CRASH;
    }

    /** The worst of {@code outcomes}; {@link #NO_RESULT} when there are none. */
    public static Outcome worst(Collection<Outcome> outcomes) {
        Outcome w = NO_RESULT;
        for (Outcome o : outcomes) if (o.isWorseThan(w)) w = o;
        return w;
    }

    /** Lower case, for a reader: {@code "no result"}, {@code "hang"}. */
    public String label() {
        return name().toLowerCase(Locale.ROOT).replace('_', ' ');
    }

    /** Reads a run's outcome as a result file writes it; an unknown word (or NO_RESULT) is an error, not a silent PASS. */
    public static Outcome parse(String word) {
        try {
            Outcome o = valueOf(word.toUpperCase(Locale.ROOT));
            if (o == NO_RESULT) throw new IllegalArgumentException();
            return o;
        } catch (IllegalArgumentException | NullPointerException e) {
            throw new IllegalArgumentException("unknown verdict '" + word
                    + "' (expected PASS, FAIL, HANG, CRASH, HAZARD or UNSUPPORTED)");
        }
    }
}
