package org.mpiverify.mpi;

import org.mpiverify.core.coll.Collectives;

/**
 * The frame of a {@link Comm}'s blocking collectives and communicator-creation calls, and finalize's
 * collective part. The algorithms themselves are {@link Collectives}', run on the communicator's collective
 * channel (context {@code 2c+1}, tags {@code [0, CollectiveTags.LIMIT)}).
 *
 * <p>Thread safety: stateless. A frame is one MPI call on a live handle that holds one of the communicator's
 * references for its whole length, so a free by another thread (erroneous in MPI) cannot release the context id
 * while the collective's messages may still match. Several threads may run collectives on one communicator
 * only if the program orders them the same on every member, as MPI requires; the frame does not order them.
 */
final class CollectiveCalls {
    private CollectiveCalls() {}

    /** Runs {@code body} as a collective call on {@code c}: ERR_COMM on a freed handle, a reference held throughout. */
    static <T> T call(Comm c, RankContext.Call<T> body) {
        return c.rank.call(c, () -> {
            c.checkLive();
            c.retainRef();
            try {
                return body.run();
            } finally {
                c.releaseRef();
            }
        });
    }

    /** As {@link #call}, for a body that returns nothing. */
    static void run(Comm c, RankContext.Action body) {
        call(c, () -> {
            body.run();
            return null;
        });
    }

    /**
     * Finalize's part, as one MPI call on COMM_WORLD: first completes this rank's outstanding nonblocking
     * collectives and idups (a correct program has none; MPI requires a process to complete what it started,
     * and the core completes what a program left rather than abandon operations other ranks wait on), then
     * the barrier.
     */
    static void finalizeCollective(Comm world) {
        world.rank.run(world, () -> {
            world.rank.progress.drain(world);
            Collectives.barrier(world.coll);
        });
    }
}
