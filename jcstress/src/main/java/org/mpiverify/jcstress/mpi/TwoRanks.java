package org.mpiverify.jcstress.mpi;

import java.util.concurrent.atomic.AtomicInteger;
import org.mpiverify.mpi.Comm;
import org.mpiverify.mpi.Job;
import org.mpiverify.mpi.JobConfig;
import org.mpiverify.mpi.Mpi;
import org.mpiverify.mpi.ThreadLevel;

/**
 * One embedded two-rank job at THREAD_MULTIPLE for the races of this package (one per configuration
 * and JVM): rank 0's and rank 1's COMM_WORLD, and a fresh tag per sample so that samples never match
 * each other's messages.
 */
public final class TwoRanks {
    public final Comm sender;
    public final Comm receiver;
    private final AtomicInteger tags = new AtomicInteger();

    public TwoRanks(JobConfig config) {
        Job job = Job.create(config);
        Mpi m0 = job.mpi(0);
        Mpi m1 = job.mpi(1);
        m0.initThread(ThreadLevel.MULTIPLE);
        m1.initThread(ThreadLevel.MULTIPLE);
        sender = m0.commWorld();
        receiver = m1.commWorld();
    }

    public int nextTag() {
        return Math.floorMod(tags.getAndIncrement(), Mpi.TAG_UB);
    }
}
