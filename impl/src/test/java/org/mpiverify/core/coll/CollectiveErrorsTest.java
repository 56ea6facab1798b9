package org.mpiverify.core.coll;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.mpiverify.mpi.Datatype;
import org.mpiverify.mpi.ErrorClass;
import org.mpiverify.mpi.MpiException;
import org.mpiverify.mpi.Op;

/**
 * Every error class the collectives can raise from bad input. A locally detectable error must be raised
 * on the calling rank before anything is sent: each case lets one rank make the bad call while the others
 * stay out of it, checks the class and that no message was sent or receive posted, then runs correct
 * collectives on the same channels to show they still work.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class CollectiveErrorsTest {
    static final int N = 4;

    @FunctionalInterface
    interface BadCall {
        void call(CollectiveChannel ch) throws MpiException;
    }

    static Arguments bad(String name, ErrorClass expected, int caller, BadCall call) {
        return Arguments.of(name, expected, caller, call);
    }

    static Stream<Arguments> badCalls() {
        Datatype I = Datatype.INT;
        int[] four = new int[4], big = new int[4 * N];
        int[] ones = {1, 1, 1, 1}, zeros = {0, 0, 0, 0};
        List<Arguments> out = new ArrayList<>();
        for (int caller : new int[] {0, N - 1}) {
            out.addAll(List.of(
                    bad("bcast root = size", ErrorClass.ERR_ROOT, caller, ch -> Collectives.bcast(ch, four, 0, 1, I, N)),
                    bad("bcast root = -1", ErrorClass.ERR_ROOT, caller, ch -> Collectives.bcast(ch, four, 0, 1, I, -1)),
                    bad("reduce root = size", ErrorClass.ERR_ROOT, caller, ch -> Collectives.reduce(ch, four, 0, four, 0, 1, I, Op.SUM, N)),
                    bad("gather root = -2", ErrorClass.ERR_ROOT, caller, ch -> Collectives.gather(ch, four, 0, 1, I, big, 0, 1, I, -2)),
                    bad("scatter root = size", ErrorClass.ERR_ROOT, caller, ch -> Collectives.scatter(ch, big, 0, 1, I, four, 0, 1, I, N)),
                    bad("gatherv root = size", ErrorClass.ERR_ROOT, caller, ch -> Collectives.gatherv(ch, four, 0, 1, I, big, 0, ones, zeros, I, N)),
                    bad("scatterv root = -1", ErrorClass.ERR_ROOT, caller, ch -> Collectives.scatterv(ch, big, 0, ones, zeros, I, four, 0, 1, I, -1)),

                    bad("bcast count -1", ErrorClass.ERR_COUNT, caller, ch -> Collectives.bcast(ch, four, 0, -1, I, 0)),
                    bad("reduce count -1", ErrorClass.ERR_COUNT, caller, ch -> Collectives.reduce(ch, four, 0, four, 0, -1, I, Op.SUM, 0)),
                    bad("allreduce count -1", ErrorClass.ERR_COUNT, caller, ch -> Collectives.allreduce(ch, four, 0, four, 0, -1, I, Op.SUM)),
                    bad("gather send count -1", ErrorClass.ERR_COUNT, caller, ch -> Collectives.gather(ch, four, 0, -1, I, big, 0, 1, I, 0)),
                    bad("scatter receive count -1", ErrorClass.ERR_COUNT, caller, ch -> Collectives.scatter(ch, big, 0, 1, I, four, 0, -1, I, 0)),
                    bad("allgather counts differ", ErrorClass.ERR_COUNT, caller, ch -> Collectives.allgather(ch, four, 0, 1, I, big, 0, 2, I)),
                    bad("alltoall count -1", ErrorClass.ERR_COUNT, caller, ch -> Collectives.alltoall(ch, big, 0, -1, I, big, 0, -1, I)),

                    bad("bcast null type", ErrorClass.ERR_TYPE, caller, ch -> Collectives.bcast(ch, four, 0, 1, null, 0)),
                    bad("allreduce null type", ErrorClass.ERR_TYPE, caller, ch -> Collectives.allreduce(ch, four, 0, four, 0, 1, null, Op.SUM)),
                    bad("allgather types differ", ErrorClass.ERR_TYPE, caller,
                            ch -> Collectives.allgather(ch, four, 0, 1, I, new float[N], 0, 1, Datatype.FLOAT)),
                    bad("alltoall null receive type", ErrorClass.ERR_TYPE, caller, ch -> Collectives.alltoall(ch, big, 0, 1, I, big, 0, 1, null)),

                    bad("allreduce BAND on DOUBLE", ErrorClass.ERR_OP, caller,
                            ch -> Collectives.allreduce(ch, new double[1], 0, new double[1], 0, 1, Datatype.DOUBLE, Op.BAND)),
                    bad("reduce BXOR on FLOAT", ErrorClass.ERR_OP, caller,
                            ch -> Collectives.reduce(ch, new float[1], 0, new float[1], 0, 1, Datatype.FLOAT, Op.BXOR, 0)),
                    bad("allreduce null op", ErrorClass.ERR_OP, caller, ch -> Collectives.allreduce(ch, four, 0, four, 0, 1, I, null)),

                    bad("bcast null buffer", ErrorClass.ERR_BUFFER, caller, ch -> Collectives.bcast(ch, null, 0, 1, I, 0)),
                    bad("bcast long[] as INT", ErrorClass.ERR_BUFFER, caller, ch -> Collectives.bcast(ch, new long[4], 0, 1, I, 0)),
                    bad("bcast region past the end", ErrorClass.ERR_BUFFER, caller, ch -> Collectives.bcast(ch, four, 2, 3, I, 0)),
                    bad("bcast negative offset", ErrorClass.ERR_BUFFER, caller, ch -> Collectives.bcast(ch, four, -1, 1, I, 0)),
                    bad("bcast IN_PLACE", ErrorClass.ERR_BUFFER, caller, ch -> Collectives.bcast(ch, Collectives.IN_PLACE, 0, 1, I, 0)),
                    bad("allreduce into read-only ByteBuffer", ErrorClass.ERR_BUFFER, caller,
                            ch -> Collectives.allreduce(ch, four, 0, ByteBuffer.allocate(16).asReadOnlyBuffer(), 0, 1, I, Op.SUM)),
                    bad("allreduce ByteBuffer too small", ErrorClass.ERR_BUFFER, caller,
                            ch -> Collectives.allreduce(ch, four, 0, ByteBuffer.allocateDirect(7), 0, 2, I, Op.SUM)),
                    bad("reduce IN_PLACE off the root", ErrorClass.ERR_BUFFER, caller,
                            ch -> Collectives.reduce(ch, Collectives.IN_PLACE, 0, four, 0, 1, I, Op.SUM, caller == 0 ? 1 : 0)),
                    bad("gather receive buffer too small at root", ErrorClass.ERR_BUFFER, caller,
                            ch -> Collectives.gather(ch, four, 0, 2, I, new int[2 * N - 1], 0, 2, I, caller)),
                    bad("scatter send buffer too small at root", ErrorClass.ERR_BUFFER, caller,
                            ch -> Collectives.scatter(ch, new int[N - 1], 0, 1, I, four, 0, 1, I, caller)),
                    bad("alltoall receive buffer too small", ErrorClass.ERR_BUFFER, caller,
                            ch -> Collectives.alltoall(ch, big, 0, 1, I, four, 1, 1, I)),
                    bad("gatherv displacement out of range", ErrorClass.ERR_BUFFER, caller,
                            ch -> Collectives.gatherv(ch, four, 0, 1, I, four, 0, ones, new int[] {0, 1, 2, 4}, I, caller)),

                    bad("gather IN_PLACE off the root", ErrorClass.ERR_BUFFER, caller,
                            ch -> Collectives.gather(ch, Collectives.IN_PLACE, 0, 1, I, big, 0, 1, I, caller == 0 ? 1 : 0)),
                    bad("scatter IN_PLACE off the root", ErrorClass.ERR_BUFFER, caller,
                            ch -> Collectives.scatter(ch, big, 0, 1, I, Collectives.IN_PLACE, 0, 1, I, caller == 0 ? 1 : 0)),
                    bad("alltoall IN_PLACE (not supported)", ErrorClass.ERR_BUFFER, caller,
                            ch -> Collectives.alltoall(ch, Collectives.IN_PLACE, 0, 1, I, big, 0, 1, I)),

                    bad("gatherv null counts", ErrorClass.ERR_ARG, caller,
                            ch -> Collectives.gatherv(ch, four, 0, 1, I, four, 0, null, zeros, I, caller)),
                    bad("scatterv displacements too short", ErrorClass.ERR_ARG, caller,
                            ch -> Collectives.scatterv(ch, four, 0, ones, new int[] {0, 1}, I, four, 0, 1, I, caller)),
                    bad("gatherv negative count", ErrorClass.ERR_COUNT, caller,
                            ch -> Collectives.gatherv(ch, four, 0, 1, I, four, 0, new int[] {1, -1, 1, 1}, zeros, I, caller)),
                    bad("gatherv own count differs at root", ErrorClass.ERR_COUNT, caller,
                            ch -> Collectives.gatherv(ch, four, 0, 2, I, big, 0, ones, new int[] {0, 1, 2, 3}, I, caller)),
                    bad("gather types differ at root", ErrorClass.ERR_TYPE, caller,
                            ch -> Collectives.gather(ch, four, 0, 1, I, new long[N], 0, 1, Datatype.LONG, caller))));
        }
        return out.stream();
    }

    @ParameterizedTest(name = "{0} on rank {2}: {1}")
    @MethodSource("badCalls")
    void badCallThrowsLocallySendsNothingAndLeavesTheChannelWorking(String name, ErrorClass expected, int caller, BadCall call) {
        InMemoryChannels comm = new InMemoryChannels(N);
        comm.run(ch -> {
            if (ch.rank() == caller) {
                MpiException e = assertThrows(MpiException.class, () -> call.call(ch), name);
                assertEquals(expected, e.errorClass(), e.getMessage());
            }
            return null;
        });
        for (int r = 0; r < N; r++) assertEquals(0, comm.messagesSent(r), "rank " + r + " sent a message");
        assertEquals(0, comm.undelivered(), "a receive was posted or a message left behind");
        assertChannelsWork(comm);
    }

    @Test
    void aLongerMessageThanTheReceiveIsErrTruncateAndTheChannelStillWorks() {
        InMemoryChannels comm = new InMemoryChannels(2);
        comm.run(ch -> {
            int[] buf = new int[5];
            if (ch.rank() == 0) {
                Collectives.bcast(ch, buf, 0, 5, Datatype.INT, 0);
            } else {
                MpiException e = assertThrows(MpiException.class, () -> Collectives.bcast(ch, buf, 0, 3, Datatype.INT, 0));
                assertEquals(ErrorClass.ERR_TRUNCATE, e.errorClass());
            }
            return null;
        });
        assertEquals(0, comm.undelivered(), "a truncated message is consumed");
        assertChannelsWork(comm);
    }

    /**
     * The tree collectives with one inner rank (n/2: it forwards to or combines for others on 4 and 8 ranks) at
     * a shorter count than everyone else's 4, with eager and with synchronous sends: it gets ERR_TRUNCATE (a
     * longer message arrived), the ranks that then get its shorter message ERR_COUNT, nobody waits forever
     * (each wait is bounded), nothing is left behind, and the channels work afterwards.
     */
    @ParameterizedTest(name = "{0} ranks, {1}, {2}")
    @MethodSource("innerMismatches")
    void anInnerRankAtAShorterCountIsErrTruncateThereAndNobodyHangs(int n, String kind, InMemoryChannels.SendMode mode) {
        InMemoryChannels comm = new InMemoryChannels(n, mode);
        List<Object> outcome = comm.run(ch -> {
            int k = n / 2, count = ch.rank() == k ? 2 : 4;
            int[] send = new int[4 * n], recv = new int[4 * n];
            try {
                switch (kind) {
                    case "bcast" -> Collectives.bcast(ch, recv, 0, count, Datatype.INT, 0);
                    case "reduce" -> Collectives.reduce(ch, send, 0, recv, 0, count, Datatype.INT, Op.SUM, 0);
                    case "allreduce" -> Collectives.allreduce(ch, send, 0, recv, 0, count, Datatype.INT, Op.SUM);
                    default -> Collectives.allgather(ch, send, 0, count, Datatype.INT, recv, 0, count, Datatype.INT);
                }
                return (Object) "returned";
            } catch (MpiException e) {
                return e.errorClass();
            }
        });
        assertEquals(ErrorClass.ERR_TRUNCATE, outcome.get(n / 2), kind + ": " + outcome);
        for (Object o : outcome) {
            assertTrue(o.equals("returned") || o == ErrorClass.ERR_TRUNCATE || o == ErrorClass.ERR_COUNT, outcome.toString());
        }
        assertEquals(0, comm.undelivered(), "a message or receive left behind: " + outcome);
        assertChannelsWork(comm);
    }

    static Stream<Arguments> innerMismatches() {
        List<Arguments> out = new ArrayList<>();
        for (int n : new int[] {4, 8}) {
            for (String kind : List.of("bcast", "reduce", "allreduce", "allgather")) {
                for (InMemoryChannels.SendMode mode : InMemoryChannels.SendMode.values()) out.add(Arguments.of(n, kind, mode));
            }
        }
        return out.stream();
    }

    /** Every rank runs an allreduce, a bcast and a barrier, and checks their results. */
    static void assertChannelsWork(InMemoryChannels comm) {
        int n = comm.size();
        comm.run(ch -> {
            int[] sum = new int[1];
            Collectives.allreduce(ch, new int[] {ch.rank() + 1}, 0, sum, 0, 1, Datatype.INT, Op.SUM);
            assertEquals(n * (n + 1) / 2, sum[0]);
            long[] b = ch.rank() == n - 1 ? new long[] {7, 8} : new long[2];
            Collectives.bcast(ch, b, 0, 2, Datatype.LONG, n - 1);
            assertArrayEquals(new long[] {7, 8}, b);
            Collectives.barrier(ch);
            return null;
        });
        assertEquals(0, comm.undelivered());
    }
}
