package org.mpiverify.lincheck.core.matching;

/**
 * {@link MatchingSpec} seen through the narrower operations of the engine twins: one context (0), one
 * source (0) for arrivals; the patterns keep their wildcards.
 */
public class OneContextMatchingSpec extends MatchingSpec {
    public String post(int t, int src, int tag) {
        return post(t, 0, src, tag);
    }

    public String arrive(int tag, int payload) {
        return arrive(0, 0, tag, payload);
    }

    public String iprobe(int src, int tag) {
        return iprobe(0, src, tag);
    }
}
