package org.mpiverify.mpi;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The unexpected-message budget's invariant ({@code UnexpectedBudget}: the bytes charged are those of eager
 * messages queued as unexpected and not yet copied out) at quiescence, on every path that copies a message
 * out: a receive posted after the message arrived, and a matched probe's receive ({@code mprobe} and
 * {@code improbe} with {@code mrecv}). Once every message sent is received and nothing is outstanding, the
 * receiver's budget is back to zero; a path that forgets its refund leaks until eager sends stall.
 */
class UnexpectedBudgetAtQuiescenceTest {
    // Runs in about a second in all: three jobs of two ranks.
    static final int MESSAGES = 8;
    static final int INTS = 16;   // eager

    private enum Path { RECV, MPROBE, IMPROBE }

    @Test
    void aReceivePostedLateRefundsTheCharge() {
        exchange(Path.RECV);
    }

    @Test
    void aMatchedProbesReceiveRefundsTheCharge() {
        exchange(Path.MPROBE);
    }

    @Test
    void anImmediateMatchedProbesReceiveRefundsTheCharge() {
        exchange(Path.IMPROBE);
    }

    private static void exchange(Path path) {
        RankContext[] receiver = new RankContext[1];
        long[] during = new long[1];
        Jobs.ok(2, mpi -> {
            mpi.initThread(ThreadLevel.MULTIPLE);
            Comm w = mpi.commWorld();
            int[] msg = new int[INTS];
            if (w.rank() == 1) {
                for (int i = 0; i < MESSAGES; i++) {
                    msg[0] = i;
                    w.send(msg, 0, INTS, Datatype.INT, 0, i);
                }
            } else {
                // every message is queued as unexpected before a receive is posted (the last one's arrival
                // follows the others': one sender, one tag order)
                w.probe(1, MESSAGES - 1);
                during[0] = w.rankContext().unexpected.bytes();
                for (int i = 0; i < MESSAGES; i++) {
                    switch (path) {
                        case RECV -> w.recv(msg, 0, INTS, Datatype.INT, 1, i);
                        case MPROBE -> w.mprobe(1, i, null).mrecv(msg, 0, INTS, Datatype.INT);
                        case IMPROBE -> {
                            Message m;
                            long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
                            while ((m = w.improbe(1, i, null)) == null) {
                                if (System.nanoTime() - end > 0) throw new AssertionError("message " + i + " never arrived");
                                Thread.onSpinWait();
                            }
                            m.mrecv(msg, 0, INTS, Datatype.INT);
                        }
                    }
                    assertEquals(i, msg[0], "message " + i);
                }
                receiver[0] = w.rankContext();
            }
            w.barrier();
        });
        // read once the job has ended: the barrier's own messages are charged and refunded too, and a sender
        // charges after it queued a message, so only the end of the job is quiescent
        long after = receiver[0].unexpected.bytes();
        assertEquals(true, during[0] > 0, "the messages waited as unexpected (charged " + during[0] + " bytes)");
        assertEquals(0, after, path + ": the budget after every unexpected message was received");
    }
}
