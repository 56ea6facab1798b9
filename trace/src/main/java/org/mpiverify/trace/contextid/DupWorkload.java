package org.mpiverify.trace.contextid;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.mpiverify.mpi.Comm;
import org.mpiverify.mpi.Job;
import org.mpiverify.mpi.JobConfig;
import org.mpiverify.mpi.JobResult;
import org.mpiverify.mpi.Mpi;
import org.mpiverify.mpi.ThreadLevel;
import org.mpiverify.trace.spi.WorkloadThreads;

/**
 * The context-id workload of the trace benchmark: on every rank, {@code threads} threads each dup a
 * communicator of their own and free the copy, {@code rounds} times, all at once. Every thread's
 * allocation contends with the other threads of its process for the eager segment and the mask, and
 * with the same thread on the other processes in the allreduce, so the trace holds first rounds that
 * win, first rounds that offer nothing, and Fig. 3 rounds that own and that yield.
 */
public final class DupWorkload {
    private DupWorkload() {}

    /** Runs the workload on {@code config}'s ranks; returns the job's result (check {@code ok()}). */
    public static JobResult run(JobConfig config, int threads, int rounds, Duration deadline) {
        return Job.run(config, mpi -> {
            mpi.initThread(ThreadLevel.MULTIPLE);
            Comm world = mpi.commWorld();
            List<Comm> own = new ArrayList<>();
            for (int t = 0; t < threads; t++) own.add(world.dup());   // one parent per thread, made in order
            WorkloadThreads workers = new WorkloadThreads("a dup thread");
            for (int t = 0; t < threads; t++) {
                Comm parent = own.get(t);
                workers.start("dup-r" + world.rank() + "-t" + t, () -> {
                    for (int i = 0; i < rounds; i++) parent.dup().free();
                });
            }
            workers.join();
            for (Comm c : own) c.free();
            mpi.finalizeMpi();
        }, deadline);
    }

    /** Events per dup and free of one process: an upper bound used to size a run (first round + free). */
    public static int roundsFor(int events, int ranks, int threads) {
        return Math.max(1, 2 * events / (9 * ranks * threads));   // measured: about 4.5 events per dup+free, thread and rank
    }

    static boolean unused(Mpi mpi) {
        return mpi == null;
    }
}
