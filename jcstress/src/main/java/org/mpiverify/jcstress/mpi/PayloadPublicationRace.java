package org.mpiverify.jcstress.mpi;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;


import org.mpiverify.mpi.Datatype;
import org.mpiverify.mpi.JobConfig;
import org.mpiverify.mpi.MatchingKind;
import org.mpiverify.mpi.Request;
import org.mpiverify.mpi.Status;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.IIII_Result;

/**
 * Race: a message's payload and status against the receiving thread that polls its request with
 * {@code MPI_Test} ({@link Request#test()}), through the public API, for both protocols (eager: the
 * payload goes through a packet; rendezvous: it is copied straight from the sender's buffer by
 * whichever side matches) and both matching engines (the eager protocol with queue matching only: the delivery
 * and its completion are the same code whichever engine found the receive, and the engines' own publication of
 * receives and envelopes is {@code core.matching.EnvelopePublicationRace}'s, for both). Rank 0's thread sends two ints; rank 1's thread
 * posts the receive and polls until it completes, then reads the buffer and the status.
 *
 * <p>A {@link Job} per sample would cost far more than the race; each test class keeps one job of two
 * ranks at {@code THREAD_MULTIPLE} in a static holder (one per forked JVM), and every sample uses a
 * fresh tag, so the exact-match engines give each sample's receive its own message (a tag is reused
 * only after 2^21 samples, long after its message was received).
 *
 * <p>r1, r2 = the received ints, r3 = status source, r4 = 1 if the status tag is the sample's tag.
 * Forbidden: the request completed but the buffer or the status is stale; -9 everywhere = the receive
 * did not complete within 10 s (lost message).
 */
public class PayloadPublicationRace {
    static JobConfig config(MatchingKind matching, boolean rendezvous) {
        JobConfig c = JobConfig.of(2).withMatching(matching);
        return rendezvous ? c.withEagerLimit(0) : c;
    }

    static void send(TwoRanks ranks, int tag) {
        int[] data = {42, 43};
        Request s = ranks.sender.isend(data, 0, 2, Datatype.INT, 1, tag);
        s.waitFor();
    }

    static void receive(TwoRanks ranks, int tag, IIII_Result r) {
        int[] buf = new int[2];
        Request q = ranks.receiver.irecv(buf, 0, 2, Datatype.INT, 0, tag);
        long deadline = System.nanoTime() + 10_000_000_000L;
        Status st;
        int spins = 0;
        while ((st = q.test()) == null) {
            if ((++spins & 1023) == 0 && System.nanoTime() - deadline > 0) {
                q.cancel();
                r.r1 = r.r2 = r.r3 = r.r4 = -9;
                return;
            }
            Thread.onSpinWait();
        }
        r.r1 = buf[0];
        r.r2 = buf[1];
        r.r3 = st.source();
        r.r4 = st.tag() == tag ? 1 : 0;
    }

    @JCStressTest
    @Description("Eager protocol, queue matching: payload and status visible once MPI_Test completes")
    @Outcome(id = "42, 43, 0, 1", expect = ACCEPTABLE, desc = "Completed with the whole payload and its status.")
    @Outcome(expect = FORBIDDEN, desc = "Completed with a stale payload or status (or never completed: -9).")
    @State
    public static class EagerQueues {
        static final TwoRanks RANKS = new TwoRanks(config(MatchingKind.QUEUES, false));
        final int tag = RANKS.nextTag();

        @Actor
        public void sender() {
            send(RANKS, tag);
        }

        @Actor
        public void receiver(IIII_Result r) {
            receive(RANKS, tag, r);
        }
    }

    @JCStressTest
    @Description("Rendezvous protocol, queue matching: payload and status visible once MPI_Test completes")
    @Outcome(id = "42, 43, 0, 1", expect = ACCEPTABLE, desc = "Completed with the whole payload and its status.")
    @Outcome(expect = FORBIDDEN, desc = "Completed with a stale payload or status (or never completed: -9).")
    @State
    public static class RendezvousQueues {
        static final TwoRanks RANKS = new TwoRanks(config(MatchingKind.QUEUES, true));
        final int tag = RANKS.nextTag();

        @Actor
        public void sender() {
            send(RANKS, tag);
        }

        @Actor
        public void receiver(IIII_Result r) {
            receive(RANKS, tag, r);
        }
    }

    @JCStressTest
    @Description("Rendezvous protocol, hash-table matching: payload and status visible once MPI_Test completes")
    @Outcome(id = "42, 43, 0, 1", expect = ACCEPTABLE, desc = "Completed with the whole payload and its status.")
    @Outcome(expect = FORBIDDEN, desc = "Completed with a stale payload or status (or never completed: -9).")
    @State
    public static class RendezvousHashTable {
        static final TwoRanks RANKS = new TwoRanks(config(MatchingKind.HASH_TABLE, true));
        final int tag = RANKS.nextTag();

        @Actor
        public void sender() {
            send(RANKS, tag);
        }

        @Actor
        public void receiver(IIII_Result r) {
            receive(RANKS, tag, r);
        }
    }
}
