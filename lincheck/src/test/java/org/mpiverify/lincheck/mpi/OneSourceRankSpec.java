package org.mpiverify.lincheck.mpi;

/**
 * {@link RankSpec} seen through the narrower operations of the probe-then-receive twin: COMM_WORLD,
 * source rank 0, tag 0 for sends and exact receives; probes keep their wildcards.
 */
public class OneSourceRankSpec extends RankSpec {
    public void send(int payload) {
        send(0, 0, 0, payload);
    }

    public String irecv(int t) {
        return irecv(t, 0, 0, 0);
    }

    public String improbeRecv(int src, int tag) {
        return improbeRecv(0, src, tag);
    }
}
