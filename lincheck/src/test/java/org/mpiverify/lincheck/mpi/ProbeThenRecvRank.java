package org.mpiverify.lincheck.mpi;

/**
 * Known-bad twin of the rank suite ({@link RankHarness}): the same rank and operations ({@link OneSourceRank}), but
 * "receive what you probed" is the thread-unsafe composition iprobe + irecv(probed source, probed tag) (Hoefler et
 * al. §2: the probe/recv race) instead of improbe + mrecv.
 */
public class ProbeThenRecvRank extends OneSourceRank {
    @Override
    String receiveWhatWasProbed(int src, int tag) {
        return h.probeThenRecv(0, src, tag); // DEFECT: probe, then receive, as two calls
    }
}
