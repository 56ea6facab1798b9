package org.mpiverify.mpi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * The request pools recycle (Balaji et al. §5.3; Dang, Snir &amp; Gropp §3.3): a rank that makes thousands of
 * blocking sends and receives one after another, eager and rendezvous, creates a handful of request objects,
 * not one per operation. A path that forgets to give its request back (a release done on the error path only)
 * makes the pool create one per call.
 */
class RequestPoolReuseTest {
    static final int ROUND_TRIPS = 600;
    static final int LARGE = 8192;   // ints: 32 KiB, rendezvous at the default eager limit
    static final long BOUND = 64;    // far above what two ranks hold at once, far below one per call (300 rendezvous sends)

    @Test
    void blockingSendsAndReceivesReuseTheirRequests() {
        long[][] created = new long[2][];
        Jobs.ok(2, mpi -> {
            mpi.initThread(ThreadLevel.SINGLE);
            Comm w = mpi.commWorld();
            int me = w.rank(), other = 1 - me;
            int[] small = new int[4], large = new int[LARGE];
            for (int i = 0; i < ROUND_TRIPS; i++) {
                int[] b = i % 2 == 0 ? large : small;
                if (me == 0) {
                    b[0] = i;
                    w.send(b, 0, b.length, Datatype.INT, other, 1);
                    w.recv(b, 0, b.length, Datatype.INT, other, 2);
                } else {
                    w.recv(b, 0, b.length, Datatype.INT, other, 1);
                    w.send(b, 0, b.length, Datatype.INT, other, 2);
                }
                assertEquals(i, b[0], "round trip " + i);
            }
            RankContext r = w.rankContext();
            created[me] = new long[] {r.sendStates.created(), r.recvPool.created()};
        });
        for (int rank = 0; rank < 2; rank++) {
            assertTrue(created[rank][0] <= BOUND, "rank " + rank + " created " + created[rank][0] + " send requests for "
                    + 2 * ROUND_TRIPS + " operations");
            assertTrue(created[rank][1] <= BOUND, "rank " + rank + " created " + created[rank][1] + " receive requests for "
                    + 2 * ROUND_TRIPS + " operations");
        }
    }
}
