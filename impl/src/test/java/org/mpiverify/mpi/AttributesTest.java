package org.mpiverify.mpi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.mpiverify.testkit.ThreadDumpOnFailure;

/**
 * Attributes on communicators (MPI-3.1 §6.7): keyvals and their copy and delete callbacks on {@code dup},
 * {@code free}, {@code deleteAttr} and overwrite; predefined attributes; COMM_SELF's attributes at finalize;
 * every bad argument's error class with the state left as it was; and threads setting, getting and deleting
 * attributes of one communicator at once (Gropp &amp; Thakur §3, Read List and Update List).
 */
@ExtendWith(ThreadDumpOnFailure.class)
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class AttributesTest {

    /** What the delete callbacks of a test saw: "value" per call, in order, across ranks. */
    private static Keyval.DeleteFunction recordingDelete(ConcurrentLinkedQueue<Object> deleted) {
        return (comm, keyval, value, extra) -> deleted.add(value);
    }

    @ParameterizedTest(name = "{0} ranks")
    @ValueSource(ints = {2, 4})
    void dupRunsCopyCallbacksAndFreeRunsDeleteCallbacks(int ranks) {
        Jobs.ok(ranks, mpi -> {
            mpi.initThread(ThreadLevel.MULTIPLE);
            Comm w = mpi.commWorld();
            ConcurrentLinkedQueue<Object> deleted = new ConcurrentLinkedQueue<>();
            List<Object> extras = new CopyOnWriteArrayList<>();
            Keyval plusOne = mpi.createKeyval((old, k, extra, v) -> {
                extras.add(extra);
                assertSame(w, old, "the copy callback is given the communicator being duplicated");
                return (Integer) v + 1;
            }, recordingDelete(deleted), "extra");
            Keyval notCopied = mpi.createKeyval(Keyval.NULL_COPY_FN, recordingDelete(deleted), null);
            Keyval same = mpi.createKeyval(Keyval.DUP_FN, Keyval.NULL_DELETE_FN, null);
            w.setAttr(plusOne, 10 * w.rank());
            w.setAttr(notCopied, "left behind");
            Object shared = new Object();
            w.setAttr(same, shared);

            Comm d = w.dup();
            assertEquals(10 * w.rank() + 1, d.getAttr(plusOne));
            assertNull(d.getAttr(notCopied), "NULL_COPY_FN: not copied");
            assertSame(shared, d.getAttr(same), "DUP_FN: the same value");
            assertEquals(List.of("extra"), extras);
            assertEquals(10 * w.rank(), w.getAttr(plusOne), "the original keeps its value");
            Comm split = w.split(0, 0);
            assertNull(split.getAttr(plusOne), "split does not inherit attributes");
            split.free();

            d.setAttr(plusOne, 99);        // overwrite: the delete callback gets the value replaced
            assertEquals(List.of(10 * w.rank() + 1), List.copyOf(deleted));
            d.free();                      // free: the delete callback of every attribute
            assertEquals(List.of(10 * w.rank() + 1, 99), List.copyOf(deleted));

            w.deleteAttr(notCopied);
            assertNull(w.getAttr(notCopied));
            w.deleteAttr(notCopied);       // nothing cached: nothing happens (as MPICH)
            assertEquals(List.of(10 * w.rank() + 1, 99, "left behind"), List.copyOf(deleted));
            w.deleteAttr(plusOne);
            w.deleteAttr(same);
            plusOne.free();
            notCopied.free();
            same.free();
            mpi.finalizeMpi();
        });
    }

    @ParameterizedTest(name = "{0} ranks")
    @ValueSource(ints = {2, 4})
    void aFreedKeyvalCannotBeNamedButItsAttributesLiveOn(int ranks) {
        Jobs.ok(ranks, mpi -> {
            mpi.initThread(ThreadLevel.MULTIPLE);
            Comm w = mpi.commWorld();
            ConcurrentLinkedQueue<Object> deleted = new ConcurrentLinkedQueue<>();
            Keyval k = mpi.createKeyval(Keyval.DUP_FN, recordingDelete(deleted), null);
            Comm c = w.dup();
            c.setAttr(k, "v");
            assertEquals(2, k.references(), "the handle's reference and the attribute's");
            k.free();
            assertTrue(k.isFreed());
            assertEquals(1, k.references(), "the attribute keeps the key alive");
            assertEquals(ErrorClass.ERR_KEYVAL, assertThrows(MpiException.class, () -> c.getAttr(k)).errorClass());
            assertEquals(ErrorClass.ERR_KEYVAL, assertThrows(MpiException.class, () -> c.setAttr(k, "w")).errorClass());
            assertEquals(ErrorClass.ERR_KEYVAL, assertThrows(MpiException.class, () -> c.deleteAttr(k)).errorClass());
            assertEquals(ErrorClass.ERR_KEYVAL, assertThrows(MpiException.class, k::free).errorClass());
            Comm d = c.dup();              // the copy callback of a freed key still runs
            assertEquals(2, k.references());
            c.free();
            d.free();
            assertEquals(List.of("v", "v"), List.copyOf(deleted));
            assertEquals(0, k.references(), "the last attribute gone, the key is gone");
            mpi.finalizeMpi();
        });
    }

    @ParameterizedTest(name = "{0} ranks")
    @ValueSource(ints = {2, 4})
    void predefinedAttributes(int ranks) {
        Jobs.ok(ranks, mpi -> {
            mpi.initThread(ThreadLevel.MULTIPLE);
            Comm w = mpi.commWorld();
            Comm d = w.dup();
            for (Comm c : List.of(w, d, mpi.commSelf())) {
                assertEquals(Mpi.TAG_UB, c.getAttr(Keyval.TAG_UB));
                assertEquals(Mpi.PROC_NULL, c.getAttr(Keyval.HOST));
                assertEquals(Mpi.ANY_SOURCE, c.getAttr(Keyval.IO));
                assertEquals(1, c.getAttr(Keyval.WTIME_IS_GLOBAL));
                assertEquals(ranks, c.getAttr(Keyval.UNIVERSE_SIZE));
                assertEquals(0, c.getAttr(Keyval.APPNUM));
            }
            for (Keyval k : List.of(Keyval.TAG_UB, Keyval.APPNUM)) {
                assertTrue(k.isPredefined());
                assertEquals(ErrorClass.ERR_KEYVAL, assertThrows(MpiException.class, () -> w.setAttr(k, 1)).errorClass());
                assertEquals(ErrorClass.ERR_KEYVAL, assertThrows(MpiException.class, () -> w.deleteAttr(k)).errorClass());
                assertEquals(ErrorClass.ERR_KEYVAL, assertThrows(MpiException.class, k::free).errorClass());
            }
            assertEquals(Mpi.TAG_UB, w.getAttr(Keyval.TAG_UB), "unchanged");
            d.free();
            mpi.finalizeMpi();
        });
    }

    /** Every bad argument: its error class, and the attributes as they were (a value stays, a count holds). */
    @ParameterizedTest(name = "{0} ranks")
    @ValueSource(ints = {2, 4})
    void badArgumentsGetTheirErrorClassAndChangeNothing(int ranks) {
        AtomicReferenceArray<Keyval> ofRank = new AtomicReferenceArray<>(ranks);
        Jobs.ok(ranks, mpi -> {
            mpi.initThread(ThreadLevel.MULTIPLE);
            Comm w = mpi.commWorld();
            int me = w.rank();
            ConcurrentLinkedQueue<Object> deleted = new ConcurrentLinkedQueue<>();
            Keyval k = mpi.createKeyval(Keyval.DUP_FN, recordingDelete(deleted), null);
            ofRank.set(me, k);
            Comm c = w.dup();
            c.setAttr(k, "kept");
            w.barrier();                   // every rank's key is published
            Keyval other = ofRank.get((me + 1) % ranks);
            List<Runnable> bad = List.of(
                    () -> c.setAttr(null, 1),
                    () -> c.getAttr(null),
                    () -> c.deleteAttr(null),
                    () -> c.setAttr(other, 1),
                    () -> c.getAttr(other),
                    () -> c.deleteAttr(other));
            for (Runnable r : bad) {
                assertEquals(ErrorClass.ERR_KEYVAL, assertThrows(MpiException.class, r::run).errorClass());
            }
            assertEquals(ErrorClass.ERR_ARG, assertThrows(MpiException.class, () -> c.setAttr(k, null)).errorClass());
            assertEquals(ErrorClass.ERR_ARG, assertThrows(MpiException.class,
                    () -> mpi.createKeyval(null, Keyval.NULL_DELETE_FN, null)).errorClass());
            assertEquals(ErrorClass.ERR_ARG, assertThrows(MpiException.class,
                    () -> mpi.createKeyval(Keyval.NULL_COPY_FN, null, null)).errorClass());
            assertEquals("kept", c.getAttr(k));
            assertEquals(2, k.references());
            assertTrue(deleted.isEmpty(), "no delete callback ran");
            w.barrier();                   // no rank frees its key while another still uses it above
            Comm freed = c.dup();
            freed.free();
            assertEquals(ErrorClass.ERR_COMM, assertThrows(MpiException.class, () -> freed.getAttr(k)).errorClass());
            assertEquals(ErrorClass.ERR_COMM, assertThrows(MpiException.class, () -> freed.setAttr(k, 1)).errorClass());
            assertEquals(ErrorClass.ERR_COMM, assertThrows(MpiException.class, () -> freed.deleteAttr(k)).errorClass());
            c.free();
            k.free();
            mpi.finalizeMpi();
        });
    }

    /** A failing delete callback fails deleteAttr, setAttr's overwrite and free, and its attribute stays. */
    @ParameterizedTest(name = "{0} ranks")
    @ValueSource(ints = {2, 4})
    void aFailingDeleteCallbackLeavesTheAttribute(int ranks) {
        Jobs.ok(ranks, mpi -> {
            mpi.initThread(ThreadLevel.MULTIPLE);
            Comm w = mpi.commWorld();
            AtomicInteger refuse = new AtomicInteger(3);
            Keyval k = mpi.createKeyval(Keyval.DUP_FN, (comm, key, v, extra) -> {
                if (refuse.getAndDecrement() > 0) {
                    throw new MpiException(ErrorClass.ERR_OTHER, "not yet");
                }
            }, null);
            Keyval thrower = mpi.createKeyval(Keyval.DUP_FN, (comm, key, v, extra) -> {
                throw new IllegalStateException("a bug in the callback");
            }, null);
            Comm c = w.dup();
            c.setAttr(k, "old");
            assertEquals(ErrorClass.ERR_OTHER, assertThrows(MpiException.class, () -> c.deleteAttr(k)).errorClass());
            assertEquals("old", c.getAttr(k));
            assertEquals(ErrorClass.ERR_OTHER, assertThrows(MpiException.class, () -> c.setAttr(k, "new")).errorClass());
            assertEquals("old", c.getAttr(k));
            assertEquals(ErrorClass.ERR_OTHER, assertThrows(MpiException.class, c::free).errorClass());
            assertFalse(c.isFreed());
            assertEquals("old", c.getAttr(k));
            c.barrier();                   // still usable
            c.setAttr(thrower, 1);
            MpiException e = assertThrows(MpiException.class, () -> c.deleteAttr(thrower));
            assertEquals(ErrorClass.ERR_OTHER, e.errorClass(), "any other exception of a callback is ERR_OTHER");
            assertTrue(e.getCause() instanceof IllegalStateException);
            assertEquals(1, c.getAttr(thrower));
            assertEquals(ErrorClass.ERR_OTHER, assertThrows(MpiException.class, () -> c.setAttr(thrower, 2)).errorClass());
            assertEquals(1, c.getAttr(thrower));
            mpi.finalizeMpi();
        });
    }

    /** A failing copy callback fails dup on its rank; its new communicator is dropped and the id goes back. */
    @ParameterizedTest(name = "{0} ranks")
    @ValueSource(ints = {2, 4})
    void aFailingCopyCallbackFailsDupAndReturnsTheContextId(int ranks) {
        Jobs.ok(ranks, mpi -> {
            mpi.initThread(ThreadLevel.MULTIPLE);
            Comm w = mpi.commWorld();
            ConcurrentLinkedQueue<Object> deleted = new ConcurrentLinkedQueue<>();
            Keyval copied = mpi.createKeyval(Keyval.DUP_FN, recordingDelete(deleted), null);
            Keyval failing = mpi.createKeyval((old, k, extra, v) -> {
                throw new MpiException(ErrorClass.ERR_ARG, "cannot copy");
            }, Keyval.NULL_DELETE_FN, null);
            Comm c = w.dup();
            c.setAttr(copied, "first");
            c.setAttr(failing, "second");
            int free = mpi.freeContextIds();
            assertEquals(ErrorClass.ERR_ARG, assertThrows(MpiException.class, c::dup).errorClass());
            assertEquals(free, mpi.freeContextIds(), "the new communicator's id went back to the mask");
            assertEquals(List.of("first"), List.copyOf(deleted), "the attribute copied before the failure was deleted");
            assertEquals(2, copied.references());
            assertEquals("first", c.getAttr(copied));
            c.deleteAttr(failing);
            Comm d = c.dup();              // works again on every rank
            d.free();
            c.free();
            mpi.finalizeMpi();
        });
    }

    /**
     * MPI-3.1 §6.7.2: a freed key is freed indeed once the last attribute set with it is deleted, and none of its
     * callbacks runs after that. Here the last attribute goes, and the key with it, while dup is copying that very
     * attribute: its copy callback deletes it from the communicator being duplicated and frees the key (what a
     * second thread may do at that moment), then returns a copy. The key is gone, so the copy cannot be cached
     * on the new communicator: dup fails with ERR_KEYVAL on its rank, and, as for a failing copy callback, what it
     * had copied is deleted again and the new communicator dropped. The dead key's delete callback never sees the
     * copy, and no key keeps a reference for the dropped communicator.
     */
    @ParameterizedTest(name = "{0} ranks")
    @ValueSource(ints = {2})
    void aKeyThatDiesWhileDupCopiesItsAttributeGetsNoAttributeOnTheCopy(int ranks) {
        Jobs.ok(ranks, mpi -> {
            mpi.initThread(ThreadLevel.MULTIPLE);
            Comm w = mpi.commWorld();
            ConcurrentLinkedQueue<Object> deletedKept = new ConcurrentLinkedQueue<>();
            ConcurrentLinkedQueue<Object> deletedDying = new ConcurrentLinkedQueue<>();
            Keyval kept = mpi.createKeyval(Keyval.DUP_FN, recordingDelete(deletedKept), null);
            Keyval dying = mpi.createKeyval((old, k, extra, v) -> {
                old.deleteAttr(k);   // the key's last attribute: its delete callback runs, its reference goes
                k.free();            // and the handle's: the key is freed indeed
                return "copy of " + v;
            }, recordingDelete(deletedDying), null);
            Comm c = w.dup();
            c.setAttr(kept, "kept");   // copied first
            c.setAttr(dying, "dying");
            int free = mpi.freeContextIds();
            assertEquals(ErrorClass.ERR_KEYVAL, assertThrows(MpiException.class, c::dup).errorClass());
            assertEquals(free, mpi.freeContextIds(), "the new communicator's id went back to the mask");
            assertEquals(List.of("dying"), List.copyOf(deletedDying),
                    "the dead key's delete callback ran for its attribute only, never for the copy made after");
            assertEquals(0, dying.references(), "the key is freed, and no attribute holds it");
            assertEquals(List.of("kept"), List.copyOf(deletedKept), "the attribute copied before was deleted again");
            assertEquals(2, kept.references(), "the handle's reference and c's attribute's, none for the dropped copy");
            assertEquals("kept", c.getAttr(kept));
            c.free();
            assertEquals(1, kept.references());
            mpi.finalizeMpi();
        });
    }

    /** idup copies as dup does, its copy callbacks run in the idup call on its thread; a failing one starts nothing. */
    @ParameterizedTest(name = "{0} ranks")
    @ValueSource(ints = {2, 4})
    void idupRunsTheCopyCallbacksWhenCalled(int ranks) {
        Jobs.ok(ranks, mpi -> {
            mpi.initThread(ThreadLevel.MULTIPLE);
            Comm w = mpi.commWorld();
            List<Thread> copiedOn = new CopyOnWriteArrayList<>();
            AtomicInteger failNext = new AtomicInteger();
            Keyval k = mpi.createKeyval((old, key, extra, v) -> {
                copiedOn.add(Thread.currentThread());
                if (failNext.getAndSet(0) == 1) {
                    throw new MpiException(ErrorClass.ERR_ARG, "cannot copy");
                }
                return (Integer) v + 1;
            }, Keyval.NULL_DELETE_FN, null);
            Keyval notCopied = mpi.createKeyval(Keyval.NULL_COPY_FN, Keyval.NULL_DELETE_FN, null);
            Comm c = w.dup();
            c.setAttr(k, 1);
            c.setAttr(notCopied, "no");
            Info hints = mpi.createInfo();
            hints.set("h", "v");
            c.setInfo(hints);
            hints.free();
            failNext.set(1);
            assertEquals(ErrorClass.ERR_ARG, assertThrows(MpiException.class, c::idup).errorClass());
            Request r = c.idup();          // the failed one started nothing: every rank's next idup matches
            assertEquals(List.of(Thread.currentThread(), Thread.currentThread()), copiedOn, "run in the idup calls");
            c.setAttr(k, 100);             // after the call: not what the new communicator gets
            r.waitFor();
            Comm d = r.communicator();
            assertEquals(2, d.getAttr(k));
            assertNull(d.getAttr(notCopied));
            assertEquals("v", d.getInfo().get("h"));
            assertEquals(2, copiedOn.size());
            d.free();
            c.free();
            mpi.finalizeMpi();
        });
    }

    /**
     * An idup that fails after it started (out of context ids) creates no communicator: what its copy callbacks
     * copied is deleted again, once, by the wait that reports the failure, on that wait's thread, and the keyval
     * it held is released.
     */
    @Test
    void aFailedIdupDeletesWhatItsCopyCallbacksCopied() {
        JobConfig c = JobConfig.of(2).withContextIdCapacity(10).withErrorHandler(ErrorHandler.ERRORS_RETURN);
        Jobs.ok(c, mpi -> {
            mpi.initThread(ThreadLevel.MULTIPLE);
            Comm w = mpi.commWorld();
            List<Object> deleted = new CopyOnWriteArrayList<>();
            List<Thread> deletedOn = new CopyOnWriteArrayList<>();
            Keyval k = mpi.createKeyval((old, key, extra, v) -> (Integer) v + 1, (comm, key, v, extra) -> {
                deleted.add(v);
                deletedOn.add(Thread.currentThread());
            }, null);
            w.setAttr(k, 1);
            List<Comm> made = new ArrayList<>();
            MpiException failed = null;
            while (failed == null && made.size() < 20) {
                Request r = w.idup();
                try {
                    r.waitFor();
                    made.add(r.communicator());
                } catch (MpiException e) {
                    failed = e;
                }
            }
            assertEquals(ErrorClass.ERR_OTHER, failed.errorClass(), "out of context ids");
            assertEquals(List.of(2), deleted, "the failed idup's copy, deleted once");
            assertEquals(List.of(Thread.currentThread()), deletedOn, "by the wait that reported the failure");
            for (Comm m : made) {
                assertEquals(2, m.getAttr(k));
                m.free();
            }
            assertEquals(made.size() + 1, deleted.size(), "each made communicator's copy deleted by its free");
            w.deleteAttr(k);
            k.free();
            mpi.finalizeMpi();
        });
    }

    @Test
    void finalizeDeletesSelfsAttributesInReverseOrder() {
        List<String> order = new CopyOnWriteArrayList<>();
        Jobs.ok(2, mpi -> {
            mpi.initThread(ThreadLevel.MULTIPLE);
            Comm self = mpi.commSelf();
            List<Keyval> keys = new ArrayList<>();
            for (int i = 0; i < 3; i++) {
                int n = i;
                keys.add(mpi.createKeyval(Keyval.NULL_COPY_FN, (comm, k, v, extra) -> {
                    assertSame(self, comm);
                    order.add(self.rank() + ":" + n + ":" + mpi.commWorld().rank());
                }, null));
            }
            for (Keyval k : keys) {
                self.setAttr(k, k);
            }
            mpi.finalizeMpi();
        });
        assertEquals(6, order.size());
        for (String rank : List.of("0", "1")) {
            assertEquals(List.of("0:2:" + rank, "0:1:" + rank, "0:0:" + rank),
                    order.stream().filter(s -> s.endsWith(":" + rank)).toList(), "reverse order of setting");
        }
    }

    /**
     * Finalize deletes COMM_SELF's attributes and gives back the reference each held on its key, whether its delete
     * callback returned or failed: each key is left with its handle's reference only.
     */
    @Test
    void finalizeGivesBackTheReferenceEachOfSelfsAttributesHeldOnItsKey() {
        Jobs.ok(2, mpi -> {
            mpi.initThread(ThreadLevel.MULTIPLE);
            Comm self = mpi.commSelf();
            Keyval quiet = mpi.createKeyval(Keyval.NULL_COPY_FN, (comm, k, v, extra) -> { }, null);
            Keyval failing = mpi.createKeyval(Keyval.NULL_COPY_FN, (comm, k, v, extra) -> {
                throw new MpiException(ErrorClass.ERR_OTHER, "refuses");
            }, null);
            self.setAttr(quiet, 1);
            self.setAttr(failing, 2);
            assertEquals(2, quiet.references(), "the handle's and the attribute's");
            assertEquals(2, failing.references(), "the handle's and the attribute's");
            assertEquals(ErrorClass.ERR_OTHER, assertThrows(MpiException.class, mpi::finalizeMpi).errorClass());
            assertEquals(1, quiet.references(), "the handle's only, after its delete callback returned");
            assertEquals(1, failing.references(), "the handle's only, after its delete callback failed");
        });
    }

    static Stream<JobConfig> configs() {
        return Jobs.configs(2);
    }

    /**
     * Threads of each rank set, read, overwrite and delete attributes of one shared communicator at once, each
     * thread its own keys (different entries of one list: Update List). No update is lost, a get sees its own
     * thread's latest value, and every value replaced, deleted or freed got its delete callback exactly once.
     */
    @ParameterizedTest
    @MethodSource("configs")
    void threadsUpdatingDifferentKeysOfOneCommunicatorLoseNothing(JobConfig config) {
        int threads = 4;
        int keysPerThread = 4;
        int rounds = 1000;
        Jobs.ok(config, mpi -> {
            mpi.initThread(ThreadLevel.MULTIPLE);
            Comm w = mpi.commWorld();
            Comm c = w.dup();
            AtomicInteger deletes = new AtomicInteger();
            Keyval[][] keys = new Keyval[threads][keysPerThread];
            for (Keyval[] row : keys) {
                for (int i = 0; i < keysPerThread; i++) {
                    row[i] = mpi.createKeyval(Keyval.DUP_FN, (comm, k, v, extra) -> deletes.incrementAndGet(), null);
                }
            }
            CyclicBarrier start = new CyclicBarrier(threads);   // the threads' updates overlap from the first
            Jobs.threads(threads, false, t -> {
                start.await(Jobs.DEADLINE.toSeconds(), TimeUnit.SECONDS);
                for (int r = 0; r < rounds; r++) {
                    for (int i = 0; i < keysPerThread; i++) {
                        c.setAttr(keys[t][i], r);
                        assertEquals(r, c.getAttr(keys[t][i]), "own key's latest value");
                    }
                    if (r % 2 == 1) {
                        c.deleteAttr(keys[t][r % keysPerThread]);
                        assertNull(c.getAttr(keys[t][r % keysPerThread]));
                    }
                }
            });
            // every key's last state: set to rounds-1 and deleted if its index is (rounds-1) % keysPerThread
            int expectedLeft = threads * (keysPerThread - 1);
            Comm d = c.dup();
            int left = 0;
            for (Keyval[] row : keys) {
                for (int i = 0; i < keysPerThread; i++) {
                    Object v = d.getAttr(row[i]);
                    if (i == (rounds - 1) % keysPerThread) {
                        assertNull(v);
                    } else {
                        assertEquals(rounds - 1, v, "an update of another thread's key lost this one");
                        left++;
                    }
                }
            }
            assertEquals(expectedLeft, left);
            int sets = threads * keysPerThread * rounds;
            int expectedDeletes = sets - expectedLeft;   // every value but the ones still set
            assertEquals(expectedDeletes, deletes.get(), "one delete callback per value replaced or deleted");
            c.free();
            d.free();
            assertEquals(expectedDeletes + 2 * expectedLeft, deletes.get());
            mpi.finalizeMpi();
        });
    }
}
