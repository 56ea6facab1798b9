package org.mpiverify.mpi;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;
import org.mpiverify.mpi.Quiescence.Invariant;

/**
 * Small correct programs, each taking one path on which a leak could hide (an unexpected message, a
 * truncation, a waitAny woken by its request, an abort of a parked wait, a finished nonblocking collective,
 * a failed idup, a split with an undefined colour), run as one job whose {@link Quiescence} each returns:
 * the violations as text, so that they can be run in a {@code TwinClassLoader} with a twin in place of a
 * core class and report back in the JDK's types ({@link QuiescenceTwinsTest}). Each also checks its results,
 * so that a scenario that went wrong is not mistaken for a leak. Public static and without arguments: the
 * loader calls them by name.
 */
public final class QuiescenceScenarios {
    private QuiescenceScenarios() {}

    private static final Set<Invariant> NONE = EnumSet.noneOf(Invariant.class);
    /** What an abort leaves on purpose: everything but the registrations of waiting threads. */
    private static final Set<Invariant> ABORT_LEAVES = EnumSet.complementOf(EnumSet.of(Invariant.WAITERS, Invariant.REQUESTS));

    private static JobConfig config(int ranks) {
        return JobConfig.of(ranks).withErrorHandler(ErrorHandler.ERRORS_RETURN);
    }

    /** Runs {@code main}, which must end ok (or be aborted, if {@code aborts}), and reports its job's violations. */
    private static List<String> run(JobConfig c, boolean aborts, Set<Invariant> ignored, RankMain main) {
        AtomicReference<Job> made = new AtomicReference<>();
        Job.observer = made::set;
        try {
            JobResult r = Job.run(c, main, Jobs.DEADLINE);
            if (!aborts) {
                r.orThrow();
            } else if (!r.aborted() || r.hung()) {
                throw new AssertionError("the job was to be aborted: " + r.describe());
            }
        } finally {
            Job.observer = null;
        }
        return made.get().quiescence().violationsExcept(ignored).stream().map(Quiescence.Violation::toString).toList();
    }

    /** Two eager messages wait as unexpected and are received in the opposite order (the second one first). */
    public static List<String> unexpectedMessagesTakenOutOfOrder() {
        return run(config(2), false, NONE, mpi -> {
            mpi.initThread(ThreadLevel.MULTIPLE);
            Comm w = mpi.commWorld();
            if (w.rank() == 1) {
                w.send(new int[] {10, 11}, 0, 2, Datatype.INT, 0, 1);
                w.send(new int[] {20, 21}, 0, 2, Datatype.INT, 0, 2);
                w.barrier();                                // both are unexpected at rank 0 before it receives
            } else {
                w.barrier();
                int[] b = new int[2];
                w.recv(b, 0, 2, Datatype.INT, 1, 2);
                assertArrayEquals(new int[] {20, 21}, b);
                w.recv(b, 0, 2, Datatype.INT, 1, 1);
                assertArrayEquals(new int[] {10, 11}, b);
            }
            mpi.finalizeMpi();
        });
    }

    /** An eager message longer than its receive: ERR_TRUNCATE, the buffer filled, the message consumed. */
    public static List<String> truncatedEagerMessage() {
        return run(config(2), false, NONE, mpi -> {
            mpi.initThread(ThreadLevel.MULTIPLE);
            Comm w = mpi.commWorld();
            if (w.rank() == 1) {
                w.send(new int[] {7, 8}, 0, 2, Datatype.INT, 0, 0);
            } else {
                int[] b = new int[1];
                NonblockingCollectivesTest.assertError(ErrorClass.ERR_TRUNCATE, () -> w.recv(b, 0, 1, Datatype.INT, 1, 0));
                assertEquals(7, b[0]);
            }
            mpi.finalizeMpi();
        });
    }

    /** A waitAny parks on a receive and is woken by its completion. */
    public static List<String> waitAnyWokenByItsReceive() {
        return run(config(2), false, NONE, mpi -> {
            mpi.initThread(ThreadLevel.MULTIPLE);
            Comm w = mpi.commWorld();
            if (w.rank() == 0) {
                int[] b = new int[1];
                Request r = w.irecv(b, 0, 1, Datatype.INT, 1, 0);
                Thread waiter = Thread.ofPlatform().name("waitAny").start(() -> assertEquals(0, Request.waitAny(r)));
                Jobs.awaitBlockedIn(waiter, "waitAny");     // parked, registered in the receive's waiter slot
                w.barrier();
                waiter.join();
                assertEquals(42, b[0]);
            } else {
                w.barrier();
                w.send(new int[] {42}, 0, 1, Datatype.INT, 0, 0);
            }
            mpi.finalizeMpi();
        });
    }

    /** Rank 1 aborts the job once rank 0 is parked in a receive (or a blocking probe) that nothing answers. */
    private static List<String> abortEndsAParkedWait(boolean probe) {
        AtomicReference<Thread> parked = new AtomicReference<>();
        AtomicReference<Throwable> outcome = new AtomicReference<>();
        List<String> v = run(config(2), true, ABORT_LEAVES, mpi -> {
            mpi.initThread(ThreadLevel.MULTIPLE);
            Comm w = mpi.commWorld();
            if (w.rank() == 0) {
                parked.set(Thread.currentThread());
                try {
                    if (probe) w.probe(1, 0); else w.recv(new int[1], 0, 1, Datatype.INT, 1, 0);
                } catch (MpiException e) {
                    outcome.set(e);
                }
            } else {
                while (parked.get() == null) Thread.onSpinWait();
                Jobs.awaitBlockedIn(parked.get(), probe ? "probe" : "recv");
                mpi.abort(3);
            }
        });
        assertEquals(ErrorClass.ERR_ABORTED, ((MpiException) outcome.get()).errorClass());
        return v;
    }

    public static List<String> abortEndsAParkedReceive() {
        return abortEndsAParkedWait(false);
    }

    public static List<String> abortEndsAParkedProbe() {
        return abortEndsAParkedWait(true);
    }

    /** Rank 1 aborts the job once a thread of rank 0 waits, as the poller, on an ibarrier rank 1 never joins. */
    public static List<String> abortEndsAWaitOnAnIbarrier() {
        AtomicReference<Thread> waiting = new AtomicReference<>();
        AtomicReference<Throwable> outcome = new AtomicReference<>();
        List<String> v = run(config(2), true, ABORT_LEAVES, mpi -> {
            mpi.initThread(ThreadLevel.MULTIPLE);
            Comm w = mpi.commWorld();
            if (w.rank() == 0) {
                waiting.set(Thread.currentThread());
                try {
                    w.ibarrier().waitFor();
                } catch (MpiException e) {
                    outcome.set(e);
                }
            } else {
                while (waiting.get() == null) Thread.onSpinWait();
                Jobs.awaitBlockedIn(waiting.get(), "waitFor");
                mpi.abort(3);
            }
        });
        assertEquals(ErrorClass.ERR_ABORTED, ((MpiException) outcome.get()).errorClass());
        return v;
    }

    /** An iallreduce finished by a wait, with no MPI call after it (a later blocking call would poll again). */
    public static List<String> iallreduceFinishedByAWait() {
        return run(config(2), false, NONE, mpi -> {
            mpi.initThread(ThreadLevel.MULTIPLE);
            Comm w = mpi.commWorld();
            long[] sum = new long[1];
            w.iallreduce(new long[] {w.rank() + 1}, 0, sum, 0, 1, Datatype.LONG, Op.SUM).waitFor();
            assertEquals(3, sum[0]);
        });
    }

    /** With one dynamic context id, a second idup fails with ERR_OTHER on both members; the first one's comm is freed. */
    public static List<String> idupOutOfContextIds() {
        return run(config(2).withContextIdCapacity(3), false, NONE, mpi -> {
            mpi.initThread(ThreadLevel.MULTIPLE);
            Comm w = mpi.commWorld();
            Request first = w.idup();
            first.waitFor();
            Comm c = first.communicator();
            NonblockingCollectivesTest.assertError(ErrorClass.ERR_OTHER, () -> w.idup().waitFor());
            c.free();
            mpi.finalizeMpi();
        });
    }

    /** A split in which rank 0 asks for no communicator; the others free theirs. */
    public static List<String> splitWithAnUndefinedColour() {
        return run(config(3), false, NONE, mpi -> {
            mpi.initThread(ThreadLevel.MULTIPLE);
            Comm w = mpi.commWorld();
            Comm c = w.split(w.rank() == 0 ? Mpi.UNDEFINED : 0, 0);
            if (w.rank() == 0) {
                assertNull(c);
            } else {
                assertEquals(2, c.size());
                c.free();
            }
            mpi.finalizeMpi();
        });
    }
}
