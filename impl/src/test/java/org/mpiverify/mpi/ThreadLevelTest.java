package org.mpiverify.mpi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.mpiverify.core.sync.Granularity;

/** Thread levels are honest; FUNNELED and SERIALIZED misuse is reported in checked mode; below MULTIPLE nothing locks. */
class ThreadLevelTest {

    @Test
    void providedIsRequiredCappedByTheConfiguration() {
        Jobs.ok(JobConfig.of(1).withMaxThreadLevel(ThreadLevel.SERIALIZED), mpi -> {
            assertEquals(ThreadLevel.SERIALIZED, mpi.initThread(ThreadLevel.MULTIPLE));
            assertEquals(ThreadLevel.SERIALIZED, mpi.queryThread());
            assertTrue(mpi.isThreadMain());
            Jobs.threads(1, t -> assertFalse(mpi.isThreadMain()));
            mpi.finalizeMpi();
        });
        Jobs.ok(JobConfig.of(1), mpi -> {
            assertEquals(ThreadLevel.FUNNELED, mpi.initThread(ThreadLevel.FUNNELED));
            mpi.finalizeMpi();
        });
    }

    @Test
    void funneledMisuseIsReported() {
        Jobs.ok(JobConfig.of(1).withErrorHandler(ErrorHandler.ERRORS_RETURN), mpi -> {
            mpi.initThread(ThreadLevel.FUNNELED);
            Comm self = mpi.commSelf();
            Jobs.threads(1, t -> {
                MpiException e = assertThrows(MpiException.class, self::barrier);
                assertEquals(ErrorClass.ERR_OTHER, e.errorClass());
                assertTrue(e.getMessage().contains("THREAD_FUNNELED"), e.getMessage());
            });
            self.barrier();   // the main thread may call
            mpi.finalizeMpi();
        });
    }

    @Test
    void serializedOverlapIsReportedAndSerializedUseIsNot() {
        // Rank 0 cannot release its blocked thread with an MPI call (that would be the overlap itself), so
        // rank 1 is told outside MPI, through a latch shared by the two rank mains.
        java.util.concurrent.CountDownLatch overlapSeen = new java.util.concurrent.CountDownLatch(1);
        Jobs.ok(JobConfig.of(2).withErrorHandler(ErrorHandler.ERRORS_RETURN), mpi -> {
            mpi.initThread(ThreadLevel.SERIALIZED);
            Comm w = mpi.commWorld();
            if (w.rank() == 0) {
                // true overlap: one thread blocked in recv, another thread calls.
                Thread blocked = Thread.ofPlatform().start(() -> w.recv(new int[1], 0, 1, Datatype.INT, 1, 0));
                // Its receive is visibly posted (pendingMatches is not an MPI call), so it is inside recv,
                // and it cannot return before rank 1 sends.
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
                while (w.pendingMatches() == 0) {
                    assertTrue(System.nanoTime() < deadline, "the receive was never posted\n" + Job.threadDump());
                    Thread.onSpinWait();
                }
                MpiException overlap = assertThrows(MpiException.class, () -> w.iprobe(1, 77));
                assertEquals(ErrorClass.ERR_OTHER, overlap.errorClass());
                assertTrue(overlap.getMessage().contains("THREAD_SERIALIZED"), overlap.getMessage());
                overlapSeen.countDown();                          // let rank 1 send
                assertTrue(blocked.join(Jobs.DEADLINE));
                // correctly serialized use by several threads: no false report
                for (int t = 0; t < 4; t++) {
                    Thread th = Thread.ofPlatform().start(() -> w.send(new int[1], 0, 1, Datatype.INT, 1, 2));
                    assertTrue(th.join(Jobs.DEADLINE));
                }
            } else {
                assertTrue(overlapSeen.await(60, TimeUnit.SECONDS));
                w.send(new int[1], 0, 1, Datatype.INT, 0, 0);
                for (int t = 0; t < 4; t++) {
                    w.recv(new int[1], 0, 1, Datatype.INT, 0, 2);
                }
            }
            mpi.finalizeMpi();
        });
    }

    @Test
    void belowMultipleNoLockIsTakenAndAtMultipleGlobalLocksEveryCall() {
        for (ThreadLevel level : ThreadLevel.values()) {
            long[] acquisitions = new long[1];
            Jobs.ok(JobConfig.of(2).withGranularity(Granularity.GLOBAL).withCountLocks(true), mpi -> {
                mpi.initThread(level);
                Comm w = mpi.commWorld();
                for (int i = 0; i < 100; i++) {
                    if (w.rank() == 0) {
                        w.send(new int[1], 0, 1, Datatype.INT, 1, 0);
                    } else {
                        w.recv(new int[1], 0, 1, Datatype.INT, 0, 0);
                    }
                }
                if (w.rank() == 0) {
                    acquisitions[0] = mpi.lockAcquisitions();
                }
                mpi.finalizeMpi();
            });
            if (level == ThreadLevel.MULTIPLE) {
                assertTrue(acquisitions[0] >= 100, "GLOBAL takes the rank mutex in every call: " + acquisitions[0]);
            } else {
                assertEquals(0, acquisitions[0], "no lock below THREAD_MULTIPLE (" + level + ")");
            }
        }
    }

    @Test
    void everyPublicCallHasItsThreadSafetyClass() {
        List<String> missing = new ArrayList<>();
        for (Class<?> c : List.of(Mpi.class, Comm.class, Request.class, Message.class, Group.class, Status.class,
                Grequest.class, Keyval.class, Info.class, DerivedDatatype.class, UserOp.class)) {
            for (Method m : c.getDeclaredMethods()) {
                if (Modifier.isPublic(m.getModifiers()) && !m.isSynthetic() && !m.getName().equals("toString")
                        && m.getAnnotation(ThreadSafety.class) == null) {
                    missing.add(c.getSimpleName() + "." + m.getName());
                }
            }
        }
        assertTrue(missing.isEmpty(), "public calls without @ThreadSafety: " + missing);
    }
}
