package org.mpiverify.mpi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.mpiverify.mpi.NonblockingCollectivesTest.assertError;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * Derived datatypes in the buffered and persistent modes (MPI-3.1 §3.4, §3.9): {@code bsend} and {@code ibsend}
 * occupy the items' packed size plus {@code BSEND_OVERHEAD} (a message that fits exactly is buffered, one that
 * needs a byte more is ERR_BUFFER and nothing is sent); {@code sendInit}, {@code ssendInit} and {@code recvInit}
 * check the type at init (ERR_TYPE for a freed, uncommitted or foreign type, holding no use after a refusal) and
 * hold it until the request is freed, so the user may free the type at once and keep starting the request
 * (Gropp &amp; Thakur §4.1). Data is checked element by element: the elements an item covers get the sender's
 * values, the holes between them keep what they held. The eager limit is 64 bytes, so the 64-int messages below
 * wait in the attached buffer, or in the send, until their receive copies them.
 */
class DerivedModesTest {
    private static final int HOLE = -5;
    private static final int ITEMS = 32;

    /** Two ints with a hole between them: elements 0 and 2 of each item of 3 ints. */
    private static DerivedDatatype strided() {
        DerivedDatatype t = DerivedDatatype.vector(2, 1, 2, Datatype.INT);
        t.commit();
        return t;
    }

    private static JobConfig config() {
        return JobConfig.of(2).withEagerLimit(64).withErrorHandler(ErrorHandler.ERRORS_RETURN);
    }

    /** A buffer of ITEMS items of {@link #strided}: item i is (seed + 2i, seed + 2i + 1), holes HOLE. */
    private static int[] items(int seed) {
        int[] b = new int[3 * ITEMS];
        Arrays.fill(b, HOLE);
        for (int i = 0; i < ITEMS; i++) {
            b[3 * i] = seed + 2 * i;
            b[3 * i + 2] = seed + 2 * i + 1;
        }
        return b;
    }

    private static int[] holes() {
        int[] b = new int[3 * ITEMS];
        Arrays.fill(b, HOLE);
        return b;
    }

    private static int[] packed(int seed) {
        int[] b = new int[2 * ITEMS];
        for (int i = 0; i < b.length; i++) b[i] = seed + i;
        return b;
    }

    private static void assertItems(int seed, int[] got, String what) {
        for (int i = 0; i < ITEMS; i++) {
            assertEquals(seed + 2 * i, got[3 * i], what + ": item " + i + ", first int");
            assertEquals(HOLE, got[3 * i + 1], what + ": the hole of item " + i + " was written");
            assertEquals(seed + 2 * i + 1, got[3 * i + 2], what + ": item " + i + ", second int");
        }
    }

    /** A datatype of no MPI's. */
    private static final MpiDatatype FOREIGN = new MpiDatatype() {
        public void commit() { }
        public void free() { }
        public int size() { return 4; }
    };

    @Test
    void bufferedSendsPackDerivedItemsIntoTheAttachedBuffer() {
        Jobs.ok(config(), mpi -> {
            mpi.initThread(ThreadLevel.MULTIPLE);
            Comm w = mpi.commWorld();
            int bytes = ITEMS * 8;   // packed size of ITEMS items: the attached buffer's accounting
            if (w.rank() == 0) {
                DerivedDatatype t = strided();
                assertError(ErrorClass.ERR_BUFFER, () -> w.bsend(items(0), 0, ITEMS, t, 1, 0));   // none attached
                mpi.bufferAttach(2 * (bytes + Mpi.BSEND_OVERHEAD) - 1);     // room for one, a byte short of two
                w.bsend(items(100), 0, ITEMS, t, 1, 1);
                assertError(ErrorClass.ERR_BUFFER, () -> w.ibsend(items(0), 0, ITEMS, t, 1, 2));
                t.free();
                assertTrue(t.isReleased(), "a buffered message holds its packet, not the type");
                assertError(ErrorClass.ERR_TYPE, () -> w.bsend(items(0), 0, ITEMS, t, 1, 2));
                DerivedDatatype uncommitted = DerivedDatatype.vector(2, 1, 2, Datatype.INT);
                assertError(ErrorClass.ERR_TYPE, () -> w.ibsend(items(0), 0, ITEMS, uncommitted, 1, 2));
                assertError(ErrorClass.ERR_TYPE, () -> w.bsend(items(0), 0, 1, FOREIGN, 1, 2));
                assertEquals(1, w.rankContext().bsendBuffer.held(), "refused bsends reserved nothing");
                w.send(new int[0], 0, 0, Datatype.INT, 1, 9);   // rank 1 receives the first message now
                w.recv(new int[0], 0, 0, Datatype.INT, 1, 9);   // and has it: its region is free again
                DerivedDatatype again = strided();
                w.ibsend(items(200), 0, ITEMS, again, 1, 3).waitFor();
                again.free();
                mpi.bufferDetach();   // waits until rank 1 has received it
                assertTrue(again.isReleased());
                uncommitted.free();
            } else {
                w.recv(new int[0], 0, 0, Datatype.INT, 0, 9);
                int[] got = holes();
                DerivedDatatype t = strided();
                w.recv(got, 0, ITEMS, t, 0, 1);
                assertItems(100, got, "bsend, received into the type");
                w.send(new int[0], 0, 0, Datatype.INT, 0, 9);
                int[] flat = new int[2 * ITEMS];
                w.recv(flat, 0, 2 * ITEMS, Datatype.INT, 0, 3);   // same signature, a predefined type
                assertEquals(Arrays.toString(packed(200)), Arrays.toString(flat), "ibsend, received as INTs");
                assertEquals(null, w.iprobe(0, 2), "a refused bsend sent nothing");
                t.free();
            }
            mpi.finalizeMpi();
        });
    }

    @Test
    void persistentRequestsHoldTheirDerivedTypeUntilFreed() {
        Jobs.ok(config(), mpi -> {
            mpi.initThread(ThreadLevel.MULTIPLE);
            Comm w = mpi.commWorld();
            int peer = 1 - w.rank();
            DerivedDatatype t = strided();
            int[] out = items(0);
            int[] in = holes();
            // the init checks: a refused one holds no use
            DerivedDatatype freed = strided();
            freed.free();
            assertError(ErrorClass.ERR_TYPE, () -> w.sendInit(out, 0, ITEMS, freed, peer, 0));
            DerivedDatatype uncommitted = DerivedDatatype.vector(2, 1, 2, Datatype.INT);
            assertError(ErrorClass.ERR_TYPE, () -> w.recvInit(in, 0, ITEMS, uncommitted, peer, 0));
            assertError(ErrorClass.ERR_TYPE, () -> w.ssendInit(out, 0, ITEMS, FOREIGN, peer, 0));
            assertError(ErrorClass.ERR_COUNT, () -> w.sendInit(out, 0, -1, t, peer, 0));
            assertError(ErrorClass.ERR_BUFFER, () -> w.recvInit(in, 0, ITEMS + 1, t, peer, 0));
            assertError(ErrorClass.ERR_RANK, () -> w.ssendInit(out, 0, ITEMS, t, 2, 0));
            assertEquals(0, t.pendingUses() + uncommitted.pendingUses(), "a refused init kept a use");
            uncommitted.free();

            Request send = w.rank() == 0 ? w.sendInit(out, 0, ITEMS, t, peer, 1) : w.ssendInit(out, 0, ITEMS, t, peer, 1);
            Request recv = w.recvInit(in, 0, ITEMS, t, peer, 1);
            t.free();   // the requests hold it
            assertFalse(t.isReleased(), "released while two persistent requests hold it");
            for (int round = 0; round < 3; round++) {
                int seed = 1000 * round + 10 * w.rank();
                int[] next = items(seed);
                System.arraycopy(next, 0, out, 0, out.length);
                Arrays.fill(in, HOLE);
                if (round == 1) {
                    Request.startAll(recv, send);
                } else {
                    recv.start();
                    send.start();
                }
                Request.waitAll(recv, send);
                assertItems(1000 * round + 10 * peer, in, "round " + round);
            }
            send.free();
            assertFalse(t.isReleased(), "released while the receive request holds it");
            recv.free();
            assertTrue(t.isReleased(), "released once both requests are freed");
            mpi.finalizeMpi();
        });
    }
}
