package org.mpiverify.reports;

import java.util.Collection;
import java.util.Locale;

/**
 * The verdict of a cell, ordered from best to worst so a cell over several results shows the worst.
 * The audit's order (FAIL > HANG > CRASH > HAZARD > UNSUPPORTED > PASS) is kept; the check kinds map
 * their own words onto it (a TLC model "as expected", a rejected known-bad twin, a met benchmark
 * target are all PASS). {@link #NO_RESULT} ranks below everything: an empty cell never hides a failure.
 */
public enum Verdict {
    NO_RESULT("no result"),
    PASS("pass"),
    UNSUPPORTED("unsupported"),
    HAZARD("hazard"),
    CRASH("crash"),
    HANG("hang"),
    FAIL("fail");

    private final String label;

    Verdict(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }

    /** The CSS class of a cell with this verdict. */
    public String css() {
        return "v-" + name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    public static Verdict worst(Collection<Verdict> verdicts) {
        Verdict w = NO_RESULT;
        for (Verdict v : verdicts) if (v.compareTo(w) > 0) w = v;
        return w;
    }

    /** Reads an audit verdict word; an unknown word is an error, not a silent PASS. */
    public static Verdict ofAudit(String word) {
        try {
            Verdict v = valueOf(word.toUpperCase(Locale.ROOT));
            if (v == NO_RESULT) throw new IllegalArgumentException();
            return v;
        } catch (IllegalArgumentException | NullPointerException e) {
            throw new IllegalArgumentException("unknown audit verdict '" + word
                    + "' (expected PASS, FAIL, HANG, CRASH, HAZARD or UNSUPPORTED)");
        }
    }
}
