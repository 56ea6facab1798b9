package org.mpiverify.jcstress.mpi.twins;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import org.mpiverify.jcstress.mpi.TwoRanks;
import org.mpiverify.mpi.Datatype;
import org.mpiverify.mpi.JobConfig;
import org.mpiverify.mpi.Request;
import org.mpiverify.mpi.Status;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.IIII_Result;

/**
 * Known-bad twin of {@code PayloadPublicationRace}: the receiving thread reads the buffer before it
 * reads the completion ({@code buf} first, then {@code MPI_Test}) and keeps the values it read in the
 * iteration where the test succeeded. The acquire of the completion flag orders only reads that come
 * after it, so a completion that lands between the buffer read and the test hands out a stale payload
 * with a valid status. Same job set-up as the good test ({@link TwoRanks}: eager, queues).
 */
@JCStressTest
@Description("Broken twin: the payload is read before the completion that publishes it")
@Outcome(id = "42, 43, 0, 1", expect = ACCEPTABLE, desc = "Completed with the whole payload.")
@Outcome(expect = FORBIDDEN, desc = "Completed, but the payload read is stale: it was read before the completion's acquire.")
@State
public class PayloadPublicationRaceBrokenTwin {
    static final TwoRanks RANKS = new TwoRanks(JobConfig.of(2));

    final int tag = RANKS.nextTag();

    @Actor
    public void sender() {
        RANKS.sender.isend(new int[] {42, 43}, 0, 2, Datatype.INT, 1, tag).waitFor();
    }

    @Actor
    public void receiver(IIII_Result r) {
        int[] buf = new int[2];
        Request q = RANKS.receiver.irecv(buf, 0, 2, Datatype.INT, 0, tag);
        int a, b;
        Status st;
        do {
            a = buf[0];            // DEFECT: read the payload ...
            b = buf[1];
            st = q.test();         // ... then the completion that was to publish it
        } while (st == null);
        r.r1 = a;
        r.r2 = b;
        r.r3 = st.source();
        r.r4 = st.tag() == tag ? 1 : 0;
    }
}
