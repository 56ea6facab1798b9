package org.mpiverify.mpi;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code MPI_Iallreduce} at a rendezvous size (each rank's contribution larger than the eager limit, so a
 * send's data stays in the sender's buffer until the partner's receive copies it), on 3 ranks (a folded
 * pair) and 4 (two rounds of recursive doubling), several rounds back to back, every element checked
 * against the sum the standard defines. A step that reduces into its accumulator while its own rendezvous
 * send of that accumulator may still be read gives its partner a partly reduced buffer: wrong sums.
 */
class IallreduceRendezvousTest {
    static final int COUNT = 3 * 4096 + 7;   // ints: 48 KiB, three times the default eager limit
    static final int ROUNDS = 6;

    @ParameterizedTest(name = "{0} ranks")
    @ValueSource(ints = {3, 4})
    void everyElementIsTheSumOfEveryRanksContribution(int ranks) {
        Jobs.ok(ranks, mpi -> {
            mpi.initThread(ThreadLevel.SINGLE);
            Comm w = mpi.commWorld();
            int me = w.rank();
            for (int round = 0; round < ROUNDS; round++) {
                int[] mine = new int[COUNT];
                int[] sum = new int[COUNT];
                for (int i = 0; i < COUNT; i++) mine[i] = (me + 1) * (i + round + 1);
                Request r = w.iallreduce(mine, 0, sum, 0, COUNT, Datatype.INT, Op.SUM);
                r.waitFor();
                int ranksSum = ranks * (ranks + 1) / 2;   // sum of me + 1 over the ranks
                for (int i = 0; i < COUNT; i++) {
                    if (sum[i] != ranksSum * (i + round + 1)) {
                        assertEquals(ranksSum * (i + round + 1), sum[i], "rank " + me + ", round " + round + ", element " + i);
                    }
                }
            }
        });
    }
}
