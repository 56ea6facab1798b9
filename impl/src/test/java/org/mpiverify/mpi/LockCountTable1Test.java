package org.mpiverify.mpi;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.mpiverify.core.sync.Granularity;

/**
 * Balaji et al. Table 1 on the core: mutex acquisitions per send to {@code PROC_NULL}, per blocking send
 * and per nonblocking send (isend, then its share of one waitAll), for each granularity and request
 * option. Counts are exact: one sending thread, eager 8-byte sends, lock counting on. The shape is the
 * paper's: Global takes its one mutex per call; Brief Global and Per Object take none for PROC_NULL,
 * one per blocking send, and several per nonblocking send, fewer with thread-local pools and fewer
 * again with atomic reference counts; Lock Free takes none.
 */
class LockCountTable1Test {
    static final int BATCH = 16;   // within the thread-local cache (32), so tlp runs hit it

    /** Granularity, thread-local pools, atomic counts; expected PROC_NULL, blocking, isend, wait per send. */
    static Stream<Arguments> rows() {
        return Stream.of(
                Arguments.of(Granularity.GLOBAL, true, true, 1, 1, 1, 0),
                Arguments.of(Granularity.BRIEF_GLOBAL, false, false, 0, 1, 2, 2),
                Arguments.of(Granularity.PER_OBJECT, false, false, 0, 1, 2, 2),
                Arguments.of(Granularity.PER_OBJECT, true, false, 0, 1, 1, 1),
                Arguments.of(Granularity.PER_OBJECT, true, true, 0, 1, 1, 0),
                Arguments.of(Granularity.LOCK_FREE, true, true, 0, 0, 0, 0));
    }

    @ParameterizedTest(name = "{0} tlp={1} atomic={2}")
    @MethodSource("rows")
    void acquisitionsPerSend(Granularity g, boolean tlp, boolean atomic,
                             int procNull, int blocking, int isend, int waitShare) {
        JobConfig c = JobConfig.of(2).withGranularity(g).withRequestOptions(tlp, atomic).withCountLocks(true)
                .withErrorHandler(ErrorHandler.ERRORS_RETURN);
        Jobs.ok(c, mpi -> {
            mpi.initThread(ThreadLevel.MULTIPLE);
            Comm w = mpi.commWorld();
            int[] b = new int[2];
            int rounds = 4;
            if (w.rank() == 0) {
                roundOfNonblocking(mpi, w, b);            // warm the pools and caches
                long a0 = mpi.lockAcquisitions();
                for (int i = 0; i < BATCH; i++) {
                    w.send(b, 0, 2, Datatype.INT, Mpi.PROC_NULL, 0);
                }
                long a1 = mpi.lockAcquisitions();
                for (int i = 0; i < BATCH; i++) {
                    w.send(b, 0, 2, Datatype.INT, 1, 1);
                }
                long a2 = mpi.lockAcquisitions();
                long isends = 0, waits = 0;
                for (int r = 0; r < rounds; r++) {
                    long[] split = roundOfNonblocking(mpi, w, b);
                    isends += split[0];
                    waits += split[1];
                }
                assertEquals(procNull * BATCH, a1 - a0, "acquisitions for " + BATCH + " sends to PROC_NULL");
                assertEquals(blocking * BATCH, a2 - a1, "acquisitions for " + BATCH + " blocking sends");
                assertEquals(isend * BATCH * rounds, isends, "acquisitions for " + rounds + "x" + BATCH + " isends");
                // Global's waitAll takes ALLFUNC once for the whole batch.
                int perWaitAll = g == Granularity.GLOBAL ? 1 : 0;
                assertEquals((waitShare * BATCH + perWaitAll) * rounds, waits, "acquisitions in waitAll");
            } else {
                for (int i = 0; i < BATCH * (1 + 1 + rounds); i++) {
                    w.recv(b, 0, 2, Datatype.INT, 0, 1);
                }
            }
            mpi.finalizeMpi();
        });
    }

    /** {@code BATCH} isends to rank 1 then one waitAll: acquisitions in the isends and in the waitAll. */
    private static long[] roundOfNonblocking(Mpi mpi, Comm w, int[] b) {
        Request[] rs = new Request[BATCH];
        long a0 = mpi.lockAcquisitions();
        for (int i = 0; i < BATCH; i++) {
            rs[i] = w.isend(b, 0, 2, Datatype.INT, 1, 1);
        }
        long a1 = mpi.lockAcquisitions();
        Request.waitAll(rs);
        return new long[] {a1 - a0, mpi.lockAcquisitions() - a1};
    }
}
