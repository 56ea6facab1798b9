package org.mpiverify.mpi;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Buffered sends (MPI-3.1 §3.4, §3.6): the attached buffer's accounting (each message occupies its packed size
 * plus {@code BSEND_OVERHEAD} until it has left the buffer), ERR_BUFFER for a message that does not fit, a detach
 * that waits for every buffered message, and many threads of a rank sharing one attached buffer with every
 * message's content intact. The eager limit is 64 bytes, so messages of 256 bytes stay in the buffer until their
 * receive copies them.
 */
class BufferedSendsTest {
    private static final int BIG = 256;   // bytes: above the eager limit below

    static Stream<JobConfig> configs() {
        return Jobs.configs(2).map(c -> c.withEagerLimit(64));
    }

    private static JobConfig config(int ranks) {
        return JobConfig.of(ranks).withEagerLimit(64).withErrorHandler(ErrorHandler.ERRORS_RETURN);
    }

    private static ErrorClass errorOf(Executable call) {
        return assertThrows(MpiException.class, call).errorClass();
    }

    private static byte[] pattern(int seed, int n) {
        byte[] b = new byte[n];
        for (int i = 0; i < n; i++) {
            b[i] = (byte) (seed * 31 + i);
        }
        return b;
    }

    @ParameterizedTest
    @ValueSource(ints = {2, 4})
    void aMessageThatDoesNotFitIsErrBufferAndAFreedRegionIsReused(int ranks) {
        Jobs.ok(config(ranks), mpi -> {
            mpi.initThread(ThreadLevel.MULTIPLE);
            Comm w = mpi.commWorld();
            int next = (w.rank() + 1) % w.size();
            int prev = (w.rank() + w.size() - 1) % w.size();
            byte[] one = pattern(w.rank(), BIG);
            assertEquals(ErrorClass.ERR_BUFFER, errorOf(() -> w.bsend(one, 0, BIG, Datatype.BYTE, next, 1)),
                    "bsend with no buffer attached");
            ByteBuffer attached = ByteBuffer.allocateDirect(2 * (BIG + Mpi.BSEND_OVERHEAD));
            mpi.bufferAttach(attached);
            assertEquals(ErrorClass.ERR_BUFFER, errorOf(() -> mpi.bufferAttach(64 * 1024)), "a second attach");
            w.bsend(one, 0, BIG, Datatype.BYTE, next, 1);
            w.ibsend(ByteBuffer.wrap(pattern(w.rank() + 100, BIG)), 0, BIG / 4, Datatype.INT, next, 2).waitFor();   // same size
            // both regions are held until the receives below: a third message does not fit, and nothing is sent
            assertEquals(ErrorClass.ERR_BUFFER, errorOf(() -> w.bsend(one, 0, 1, Datatype.BYTE, next, 3)));
            assertEquals(ErrorClass.ERR_BUFFER, errorOf(() -> w.ibsend(one, 0, 0, Datatype.BYTE, next, 3)));
            assertEquals(2, mpi.commWorld().rankContext().bsendBuffer.held());
            w.barrier();
            assertNull(w.iprobe(prev, 3), "a refused bsend sent nothing");
            byte[] got = new byte[BIG];
            w.recv(got, 0, BIG, Datatype.BYTE, prev, 1);
            assertArrayEquals(pattern(prev, BIG), got);
            int[] ints = new int[BIG / 4];
            w.recv(ints, 0, BIG / 4, Datatype.INT, prev, 2);
            ByteBuffer expect = ByteBuffer.wrap(pattern(prev + 100, BIG)).order(java.nio.ByteOrder.nativeOrder());
            for (int i = 0; i < ints.length; i++) {
                assertEquals(expect.getInt(4 * i), ints[i], "int " + i);
            }
            w.barrier();   // every rank's messages were received: their regions are free again
            assertEquals(0, mpi.commWorld().rankContext().bsendBuffer.held());
            w.bsend(one, 0, BIG, Datatype.BYTE, next, 4);
            w.bsend(one, 0, BIG, Datatype.BYTE, next, 5);
            w.recv(got, 0, BIG, Datatype.BYTE, prev, 4);
            w.recv(got, 0, BIG, Datatype.BYTE, prev, 5);
            assertArrayEquals(pattern(prev, BIG), got);
            assertSame(attached, mpi.bufferDetach());
            assertNull(mpi.bufferDetach(), "detach with none attached: no buffer, no error (as MPICH)");
            assertEquals(ErrorClass.ERR_BUFFER, errorOf(() -> w.bsend(one, 0, 1, Datatype.BYTE, next, 6)));
            mpi.finalizeMpi();
        });
    }

    @ParameterizedTest
    @ValueSource(ints = {2})
    void attachArgumentsAreChecked(int ranks) {
        Jobs.ok(config(ranks), mpi -> {
            mpi.initThread(ThreadLevel.MULTIPLE);
            assertEquals(ErrorClass.ERR_ARG, errorOf(() -> mpi.bufferAttach(-1)));
            assertEquals(ErrorClass.ERR_BUFFER, errorOf(() -> mpi.bufferAttach(Mpi.BSEND_OVERHEAD - 1)));
            assertEquals(ErrorClass.ERR_BUFFER, errorOf(() -> mpi.bufferAttach((ByteBuffer) null)));
            assertEquals(ErrorClass.ERR_BUFFER,
                    errorOf(() -> mpi.bufferAttach(ByteBuffer.allocate(1024).asReadOnlyBuffer())));
            assertNull(mpi.bufferDetach(), "every refused attach attached nothing");
            Comm w = mpi.commWorld();
            mpi.bufferAttach(Mpi.BSEND_OVERHEAD);   // room for one empty message
            w.bsend(null, 0, 0, Datatype.INT, Mpi.PROC_NULL, 0);   // PROC_NULL takes no space
            w.bsend(null, 0, 0, Datatype.INT, w.rank(), 7);
            w.recv(null, 0, 0, Datatype.INT, w.rank(), 7);
            assertEquals(ErrorClass.ERR_TAG, errorOf(() -> w.bsend(null, 0, 0, Datatype.INT, 0, -1)));
            assertEquals(ErrorClass.ERR_RANK, errorOf(() -> w.bsend(null, 0, 0, Datatype.INT, ranks, 0)));
            assertEquals(0, w.rankContext().bsendBuffer.held(), "refused bsends reserved nothing");
            assertEquals(Mpi.BSEND_OVERHEAD, mpi.bufferDetach().limit());
            mpi.finalizeMpi();
        });
    }

    /**
     * MPI-3.1 §3.6: the detach "will block until all messages currently in the buffer have been transmitted".
     * Rank 1 receives only once rank 0's detaching thread is parked inside the detach; the detach then returns
     * only after the receive copied the message, so rank 1's buffer holds it when the detach returns.
     */
    @ParameterizedTest
    @MethodSource("configs")
    void detachWaitsUntilEveryBufferedMessageHasBeenReceived(JobConfig c) {
        byte[] got = new byte[BIG];
        Jobs.ok(c, mpi -> {
            mpi.initThread(ThreadLevel.MULTIPLE);
            Comm w = mpi.commWorld();
            if (w.rank() == 0) {
                ByteBuffer attached = ByteBuffer.allocate(4 * (BIG + Mpi.BSEND_OVERHEAD));
                mpi.bufferAttach(attached);
                byte[] msg = pattern(9, BIG);
                w.bsend(msg, 0, BIG, Datatype.BYTE, 1, 0);
                msg[0] = 0;   // the user's buffer may be reused at once: the message is in the attached one
                AtomicReference<Object> detached = new AtomicReference<>();
                Thread d = Thread.ofPlatform().daemon(true).start(() -> {
                    try {
                        detached.set(mpi.bufferDetach());
                    } catch (Throwable e) {
                        detached.set(e);
                    }
                });
                assertTrue(Jobs.awaitBlockedInOrEnded(d, "detach"),
                        "detach returned while a buffered message was still in the buffer: " + detached.get());
                assertEquals(ErrorClass.ERR_BUFFER, errorOf(() -> w.bsend(msg, 0, 1, Datatype.BYTE, 1, 1)),
                        "a bsend while the buffer is being detached");
                assertEquals(ErrorClass.ERR_BUFFER, errorOf(mpi::bufferDetach), "a second detach at once");
                w.send(new int[0], 0, 0, Datatype.INT, 1, 2);   // now rank 1 receives
                assertTrue(d.join(Jobs.DEADLINE), "detach never returned\n" + Job.threadDump());
                assertSame(attached, detached.get());
                assertArrayEquals(pattern(9, BIG), got, "detach returned before the message was received");
            } else if (w.rank() == 1) {
                w.recv(new int[0], 0, 0, Datatype.INT, 0, 2);
                w.recv(got, 0, BIG, Datatype.BYTE, 0, 0);
            }
            mpi.finalizeMpi();
        });
    }

    /**
     * MPICH's {@code test/mpi/threads/pt2pt/ibsend.c}, with content checked: on every rank one receiver thread and
     * four sender threads, each of which {@code bsend}s or {@code ibsend}s 16 messages to the next rank through the
     * one attached buffer, sized for six messages, so senders find it full and retry while receives free regions.
     * Two threads' messages in one region would change what a receiver gets.
     */
    @ParameterizedTest
    @MethodSource("configs")
    void manyThreadsShareOneAttachedBuffer(JobConfig c) {
        manyThreads(c);
    }

    @ParameterizedTest
    @ValueSource(ints = {4})
    void manyThreadsShareOneAttachedBufferAtFourRanks(int ranks) {
        manyThreads(config(ranks));
    }

    /**
     * A buffered send that fails leaves no message in the attached buffer, so it holds none of its room (MPI-3.1
     * §3.6: the buffer holds the messages not yet transmitted, and a detach waits for those only). Rank 0 races a
     * bsend of 1 MiB on a communicator with another thread's free of it (an erroneous program, which must leave the
     * rank's state intact): the free comes before the send's check of the handle (ERR_COMM, nothing reserved), or
     * after the send has reserved its region and before it takes its reference of the communicator
     * (ERR_COMM, after the reservation), or after that (the message goes, and rank 1 receives it). Every other round
     * the free is put in that window by the send's injection point ({@link BufferedSends#reserved}: the send, having
     * reserved, waits there until the other thread has freed the communicator), so those rounds fail after the
     * reservation every time, and the odd rounds free at once. After each round the buffer is detached, under a
     * bound, and attached again: a region kept by a failed send would make that detach wait for ever. The buffer has room for one message.
     */
    @ParameterizedTest
    @ValueSource(ints = {2})
    void aBsendThatFailsOnACommunicatorFreedMeanwhileGivesItsRoomBack(int ranks) {
        int size = 1 << 20;
        int rounds = 4;
        Jobs.ok(config(ranks), mpi -> {
            mpi.initThread(ThreadLevel.MULTIPLE);
            Comm w = mpi.commWorld();
            byte[] msg = pattern(5, size);
            if (w.rank() == 1) {
                byte[] got = new byte[size];
                int[] sent = new int[1];
                for (int r = 0; r < rounds; r++) {
                    Comm c = w.dup();
                    w.recv(sent, 0, 1, Datatype.INT, 0, r);
                    if (sent[0] == 1) {
                        c.recv(got, 0, size, Datatype.BYTE, 0, r);
                        assertArrayEquals(msg, got, "round " + r);
                    }
                    c.free();
                    w.send(sent, 0, 1, Datatype.INT, 0, r);
                }
            } else if (w.rank() == 0) {
                mpi.bufferAttach(ByteBuffer.allocate(size + Mpi.BSEND_OVERHEAD));
                Comm[] c = new Comm[1];
                AtomicReference<ErrorClass> outcome = new AtomicReference<>();
                int[] failed = new int[1];
                CountDownLatch[] reservedIt = new CountDownLatch[1];
                CountDownLatch[] freedIt = new CountDownLatch[1];
                BufferedSends.reserved = comm -> {
                    if (comm != c[0]) {
                        return;   // another test's send
                    }
                    reservedIt[0].countDown();
                    try {
                        assertTrue(freedIt[0].await(Jobs.DEADLINE.toMillis(), TimeUnit.MILLISECONDS), "the free never came");
                    } catch (InterruptedException x) {
                        throw new AssertionError(x);
                    }
                };
                try {
                    org.mpiverify.testkit.Races.race(rounds, java.time.Duration.ofSeconds(30), r -> {
                        c[0] = w.dup();
                        reservedIt[0] = new CountDownLatch(1);
                        freedIt[0] = new CountDownLatch(1);
                    }, r -> {
                        try {
                            c[0].bsend(msg, 0, size, Datatype.BYTE, 1, r);
                            outcome.set(ErrorClass.SUCCESS);
                        } catch (MpiException e) {
                            outcome.set(e.errorClass());
                        }
                    }, r -> {
                        try {
                            if (r % 2 == 0) {
                                // the send has reserved its region and waits at its injection point, before its reference
                                assertTrue(reservedIt[0].await(Jobs.DEADLINE.toMillis(), TimeUnit.MILLISECONDS),
                                        "round " + r + ": the bsend never reserved its region");
                            }
                        } catch (InterruptedException x) {
                            throw new AssertionError(x);
                        }
                        c[0].free();   // odd rounds: at once, mostly before the send's check of the handle
                        freedIt[0].countDown();
                    }, r -> {
                        ErrorClass e = outcome.get();
                        assertTrue(e == ErrorClass.SUCCESS || e == ErrorClass.ERR_COMM, "round " + r + ": the bsend failed with "
                                + e + " (ERR_BUFFER: the room of an earlier failed bsend is still held)");
                        if (r % 2 == 0) {
                            assertEquals(ErrorClass.ERR_COMM, e, "round " + r + ": freed after the reservation, before the reference");
                        }
                        failed[0] += e == ErrorClass.ERR_COMM ? 1 : 0;
                        w.send(new int[] {e == ErrorClass.SUCCESS ? 1 : 0}, 0, 1, Datatype.INT, 1, r);
                        w.recv(new int[1], 0, 1, Datatype.INT, 1, r);   // received, if it went
                        AtomicReference<Object> detached = new AtomicReference<>();
                        Thread d = Thread.ofPlatform().daemon(true).start(() -> {
                            try {
                                detached.set(mpi.bufferDetach());
                            } catch (Throwable x) {
                                detached.set(x);
                            }
                        });
                        try {
                            assertTrue(d.join(java.time.Duration.ofSeconds(10)), "round " + r + " (" + e + "): the detach still "
                                    + "waits with every message received: a failed bsend kept its region\n" + Job.threadDump());
                        } catch (InterruptedException x) {
                            throw new AssertionError(x);
                        }
                        mpi.bufferAttach(assertInstanceOf(ByteBuffer.class, detached.get()));
                    });
                } finally {
                    BufferedSends.reserved = null;
                }
                assertTrue(failed[0] >= rounds / 2, "the even rounds' frees came before the send took its reference");
            }
            mpi.finalizeMpi();
        });
    }

    private static void manyThreads(JobConfig c) {
        int senders = 4;
        int each = 16;
        Jobs.ok(c, mpi -> {
            mpi.initThread(ThreadLevel.MULTIPLE);
            Comm w = mpi.commWorld();
            int next = (w.rank() + 1) % w.size();
            int prev = (w.rank() + w.size() - 1) % w.size();
            ByteBuffer attached = ByteBuffer.allocateDirect(6 * (BIG + Mpi.BSEND_OVERHEAD));
            mpi.bufferAttach(attached);
            int[] seen = new int[senders * each];
            Jobs.threads(senders + 1, t -> {
                if (t == senders) {
                    byte[] got = new byte[BIG];
                    for (int k = 0; k < senders * each; k++) {
                        Status s = w.recv(got, 0, BIG, Datatype.BYTE, prev, Mpi.ANY_TAG);
                        assertEquals(BIG, s.count(Datatype.BYTE));
                        assertArrayEquals(pattern(prev * 1000 + s.tag(), BIG), got, "message " + s.tag());
                        seen[s.tag()]++;
                    }
                    return;
                }
                for (int i = 0; i < each; i++) {
                    int id = t * each + i;
                    byte[] msg = pattern(w.rank() * 1000 + id, BIG);
                    long deadline = System.nanoTime() + Jobs.DEADLINE.toNanos();
                    while (true) {
                        try {
                            if (i % 2 == 0) {
                                w.bsend(msg, 0, BIG, Datatype.BYTE, next, id);
                            } else {
                                w.ibsend(msg, 0, BIG, Datatype.BYTE, next, id).waitFor();
                            }
                            break;
                        } catch (MpiException e) {
                            assertEquals(ErrorClass.ERR_BUFFER, e.errorClass());
                            assertTrue(System.nanoTime() - deadline < 0, "the buffer never had room");
                            Thread.yield();   // full: the receiver frees regions as it copies messages out
                        }
                    }
                    java.util.Arrays.fill(msg, (byte) 0);   // reuse at once: the message is buffered
                }
            });
            for (int k = 0; k < seen.length; k++) {
                assertEquals(1, seen[k], "message " + k + " received " + seen[k] + " times");
            }
            assertSame(attached, mpi.bufferDetach());
            mpi.finalizeMpi();
        });
    }
}
