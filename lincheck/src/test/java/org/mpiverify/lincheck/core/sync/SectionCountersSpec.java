package org.mpiverify.lincheck.core.sync;

/** Sequential specification for the critical-section suite: one int counter per named section. */
public class SectionCountersSpec {
    private final int[] counters = new int[2];

    public int increment(int s) {
        return ++counters[s];
    }

    public int incrementInCall(int s) {
        return ++counters[s];
    }

    public int get(int s) {
        return counters[s];
    }
}
