package org.mpiverify.locks.programs;

import java.lang.reflect.Method;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.mpiverify.core.sync.Granularity;
import org.mpiverify.mpi.Comm;
import org.mpiverify.mpi.Datatype;
import org.mpiverify.mpi.ErrorHandler;
import org.mpiverify.mpi.Job;
import org.mpiverify.mpi.JobConfig;
import org.mpiverify.mpi.JobResult;
import org.mpiverify.mpi.Mpi;
import org.mpiverify.mpi.Request;
import org.mpiverify.mpi.ThreadLevel;

/**
 * The core under the agent, for one granularity (the argument):
 * <ol>
 *   <li>Balaji et al.'s Table 1 program as {@code LockCountTable1Test} runs it, for each request option of
 *       that granularity in the test's table: one sending thread, sends to {@code PROC_NULL}, blocking
 *       sends, and rounds of isends plus one {@code waitAll}. For every phase it prints the core's own lock
 *       counter delta and the agent's acquisitions in rank 0's calls (read through {@code LockAudit}),
 *       without the matching engines' locks, which the core does not count either. One difference: rank 1
 *       receives only after the phases (behind a barrier). The core counts per rank, the agent per call,
 *       and in one JVM a send that finds rank 1's receive already posted completes it, taking rank 1's
 *       request locks inside rank 0's call (under BRIEF_GLOBAL and PER_OBJECT without atomic counts);
 *       with every message unexpected, rank 0's calls take only rank 0's locks;</li>
 *   <li>Gropp &amp; Thakur's Fig. 2 with the receive first: on each rank a thread receives from the other
 *       rank, and the rank's main thread sends only once that receiver is parked. With a lock kept while a
 *       call blocks ({@code LOCK_AROUND_CALL}) both ranks deadlock and the job is aborted at its deadline.</li>
 * </ol>
 * Output lines: {@code TABLE1 granularity tlp atomic phase calls core agent} and {@code FIG2 ok|hung}.
 */
public final class CoreProgram {
    public static final int BATCH = 16;
    static final int ROUNDS = 4;
    private static final String ENGINE_SITES = "org.mpiverify.core.matching.";

    private CoreProgram() { }

    public static void main(String[] args) throws Exception {
        Granularity g = Granularity.valueOf(args[0]);
        if (g == Granularity.PER_OBJECT) {
            table1(g, false, false);
            table1(g, true, false);
            table1(g, true, true);
        } else if (g == Granularity.BRIEF_GLOBAL) {
            table1(g, false, false);
        } else if (!g.isExperimental()) {
            table1(g, true, true);
        }
        fig2(g);
    }

    private static void table1(Granularity g, boolean tlp, boolean atomic) {
        JobConfig c = JobConfig.of(2).withGranularity(g).withRequestOptions(tlp, atomic).withCountLocks(true)
                .withErrorHandler(ErrorHandler.ERRORS_RETURN);
        String row = g + " " + tlp + " " + atomic;
        JobResult r = Job.run(c, mpi -> {
            mpi.initThread(ThreadLevel.MULTIPLE);
            Comm w = mpi.commWorld();
            int[] b = new int[2];
            if (w.rank() == 0) {
                nonblockingRound(mpi, w, b, row, false);                 // warm the pools and caches
                Phase p = Phase.start(mpi, "Comm.send");
                for (int i = 0; i < BATCH; i++) {
                    w.send(b, 0, 2, Datatype.INT, Mpi.PROC_NULL, 0);
                }
                p.print(mpi, row, "procnull");
                p = Phase.start(mpi, "Comm.send");
                for (int i = 0; i < BATCH; i++) {
                    w.send(b, 0, 2, Datatype.INT, 1, 1);
                }
                p.print(mpi, row, "blocking");
                for (int round = 0; round < ROUNDS; round++) {
                    nonblockingRound(mpi, w, b, row, true);
                }
                w.barrier();
            } else {
                w.barrier();
                for (int i = 0; i < BATCH * (1 + 1 + ROUNDS); i++) {
                    w.recv(b, 0, 2, Datatype.INT, 0, 1);
                }
            }
            mpi.finalizeMpi();
        }, Duration.ofSeconds(60));
        if (!r.ok()) {
            throw new IllegalStateException("Table 1 job " + row + " failed: " + r.describe());
        }
    }

    private static void nonblockingRound(Mpi mpi, Comm w, int[] b, String row, boolean print) {
        Request[] rs = new Request[BATCH];
        Phase p = Phase.start(mpi, "Comm.isend");
        for (int i = 0; i < BATCH; i++) {
            rs[i] = w.isend(b, 0, 2, Datatype.INT, 1, 1);
        }
        if (print) {
            p.print(mpi, row, "isend");
        }
        p = Phase.start(mpi, "Request.waitAll");
        Request.waitAll(rs);
        if (print) {
            p.print(mpi, row, "waitAll");
        }
    }

    /** Counters at the start of a phase: the core's, and the agent's for one call name. */
    private record Phase(String call, long core, long callsBefore, long acquisitionsBefore) {
        static Phase start(Mpi mpi, String call) {
            return new Phase(call, mpi.lockAcquisitions(), agentCalls(call), agentAcquisitions(call));
        }

        void print(Mpi mpi, String row, String phase) {
            System.out.println("TABLE1 " + row + " " + phase + " " + (agentCalls(call) - callsBefore) + " "
                    + (mpi.lockAcquisitions() - core) + " " + (agentAcquisitions(call) - acquisitionsBefore));
        }
    }

    private static long agentCalls(String call) {
        Map<String, long[]> counters = invoke("callCounters");
        long[] c = counters.get(call);
        return c == null ? 0 : c[0];
    }

    /** The agent's acquisitions in {@code call}, without the matching engines' own locks. */
    private static long agentAcquisitions(String call) {
        Map<String, Map<String, Long>> bySite = invoke("acquisitionsBySite");
        long n = 0;
        for (Map.Entry<String, Long> e : bySite.getOrDefault(call, Map.of()).entrySet()) {
            if (!e.getKey().startsWith(ENGINE_SITES)) {
                n += e.getValue();
            }
        }
        return n;
    }

    @SuppressWarnings("unchecked")
    private static <T> T invoke(String method) {
        try {
            Class<?> audit = ClassLoader.getSystemClassLoader().loadClass("org.mpiverify.locks.LockAudit");
            Method m = audit.getMethod(method);
            return (T) m.invoke(null);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("this program runs under the locks agent", e);
        }
    }

    private static void fig2(Granularity g) {
        JobConfig c = JobConfig.of(2).withExperimental(true).withGranularity(g)
                .withErrorHandler(ErrorHandler.ERRORS_RETURN);
        JobResult r = Job.run(c, mpi -> {
            mpi.initThread(ThreadLevel.MULTIPLE);
            Comm w = mpi.commWorld();
            int other = 1 - w.rank();
            Thread receiver = Thread.ofPlatform().daemon(true).name("fig2-receiver-" + w.rank())
                    .start(() -> w.recv(new int[1], 0, 1, Datatype.INT, other, 0));
            // Send only once the receiver is parked waiting for its message inside recv, or done (the other
            // rank's send may reach it before it parks). Its state alone is not enough: it may be blocked or
            // parked on the way in (a class initialisation, the agent's own bookkeeping), and a send slipping
            // in then lets LOCK_AROUND_CALL through. Bounded: a receiver that never parks fails the test
            // through the agent's "blocked" figure, not a hang here.
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (receiver.getState() != Thread.State.TERMINATED && !parkedInCompletion(receiver)
                    && System.nanoTime() < deadline) {
                Thread.onSpinWait();
            }
            w.send(new int[] {1}, 0, 1, Datatype.INT, other, 0);
            receiver.join();
        }, Duration.ofSeconds(g.isExperimental() ? 2 : 30));
        System.out.println("FIG2 " + (r.ok() ? "ok" : r.hung() ? "hung" : "failed " + r.describe()));
    }

    /** Is {@code t} parked in a request's wait (the receive's, waiting for its message)? */
    private static boolean parkedInCompletion(Thread t) {
        Thread.State s = t.getState();
        if (s != Thread.State.WAITING && s != Thread.State.TIMED_WAITING) {
            return false;
        }
        for (StackTraceElement e : t.getStackTrace()) {
            if (e.getClassName().equals("org.mpiverify.core.request.Completion") && e.getMethodName().equals("await")) {
                return true;
            }
        }
        return false;
    }
}
