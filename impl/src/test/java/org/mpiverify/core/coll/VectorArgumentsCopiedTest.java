package org.mpiverify.core.coll;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.mpiverify.mpi.Datatype;

/**
 * {@link NonblockingCollectives#gatherv} and {@link NonblockingCollectives#scatterv} take their counts and
 * displacements when they are called, not when a step starts: MPI lets the caller reuse the arrays as soon
 * as the call returns, and the step that posts the transfers can run later, in another thread that polls
 * first (the schedule is in the rank's active set before its caller's first step). Here the schedule is
 * built, the arrays are overwritten, and only then is it stepped; the transfers it posts must still have the
 * counts and offsets of the call.
 */
class VectorArgumentsCopiedTest {

    /** A root's channel of three ranks that records what it is asked to start; every transfer is done at once. */
    static final class Recording implements PollingChannel {
        final List<String> started = new ArrayList<>();

        @Override
        public int rank() {
            return 0;
        }

        @Override
        public int size() {
            return 3;
        }

        @Override
        public Transfer startSend(Object buf, int offset, int count, Datatype type, int dest, int tag) {
            started.add("send " + count + " from " + offset + " to " + dest);
            return done();
        }

        @Override
        public Transfer startRecv(Object buf, int offset, int count, Datatype type, int source, int tag) {
            started.add("recv " + count + " at " + offset + " from " + source);
            return done();
        }

        private static Transfer done() {
            return new Transfer() {
                @Override
                public boolean isDone() {
                    return true;
                }

                @Override
                public void finish() {
                }
            };
        }
    }

    @Test
    void gathervPostsTheCountsAndDisplacementsOfTheCall() {
        Recording ch = new Recording();
        int[] counts = {1, 2, 3}, displs = {0, 1, 3};
        Schedule s = NonblockingCollectives.gatherv(ch, new int[1], 0, 1, Datatype.INT, new int[6], 0, counts, displs,
                Datatype.INT, 0);
        Arrays.fill(counts, 0);
        Arrays.fill(displs, 5);
        s.progress();
        assertEquals(List.of("recv 2 at 1 from 1", "recv 3 at 3 from 2"), ch.started);
    }

    @Test
    void scattervPostsTheCountsAndDisplacementsOfTheCall() {
        Recording ch = new Recording();
        int[] counts = {1, 2, 3}, displs = {0, 1, 3};
        Schedule s = NonblockingCollectives.scatterv(ch, new int[6], 0, counts, displs, Datatype.INT, new int[1], 0, 1,
                Datatype.INT, 0);
        Arrays.fill(counts, 0);
        Arrays.fill(displs, 5);
        s.progress();
        assertEquals(List.of("send 2 from 1 to 1", "send 3 from 3 to 2"), ch.started);
    }
}
