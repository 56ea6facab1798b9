package org.mpiverify.mpi;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;

/**
 * MPI's progress rule as a table: every call of the API that waits or tests (a row, {@link Call}) made on
 * rank 0 while a nonblocking collective or an idup (a column, {@link Outstanding}) is outstanding there,
 * in a job of 4 ranks built so that another rank can finish only if that call moves the outstanding
 * operation on: the row's call returns only once a rank {@code U} (the column's unlocker) has done its part
 * of the row after its own part of the operation completed, and that part needs a later step of rank 0's
 * operation, which rank 0 cannot make before a rank {@code L} (the column's late rank) has started its part.
 * L starts only once rank 0 is inside the call: parked in it (a call that blocks) or past its first
 * unsuccessful look (a loop of tests or probes), a synchronization, not a sleep. So the job ends only if
 * the call itself progresses the operation, whatever the timing; a call that does not hangs until the row's
 * deadline, which fails the row with every thread's stack.
 *
 * <p>The table has no hole: {@link #EXEMPT} names every public call of {@link Comm}, {@link Request},
 * {@link Message} and {@link Mpi} that is not a row, with the reason it cannot wait, and
 * {@code ProgressRuleTest.theTableHasNoHole} fails on any public call that is in neither. Columns are every
 * nonblocking collective and {@code idup} in which another rank waits for a step that rank 0 makes after
 * the operation's first; {@link #FIRST_STEP_ONLY} lists the others (their first step, made by the call that
 * starts them, starts every transfer, and the peers' threads complete those), which
 * {@code ProgressRuleTest.noOtherRankWaitsForRankZerosLaterStepsOfTheLinearCollectives} checks.
 */
final class ProgressTable {
    static final int RANKS = 4;
    static final int TAG = 5;
    /** A rendezvous message under the default 16 KiB eager limit. */
    static final int BIG = 8192;

    private ProgressTable() {
    }

    /** What a row's call waits for; a loop of tests or probes calls {@code looked} after each unsuccessful look. */
    interface OnZero {
        void run(Comm w, int u, Runnable looked) throws Exception;
    }

    /** What rank {@code me} (not 0) does for a row once its part of the operation completed. */
    interface OnOther {
        void run(Comm w, int me, int u) throws Exception;
    }

    /** The rows: each call that waits or tests, on rank 0, and what the other ranks do so that it can return. */
    enum Call {
        SEND("send", false, (w, u, looked) -> w.send(new int[BIG], 0, BIG, Datatype.INT, u, TAG),
                (w, me, u) -> { if (me == u) w.recv(new int[BIG], 0, BIG, Datatype.INT, 0, TAG); }),
        SSEND("ssend", false, (w, u, looked) -> w.ssend(new int[] {7}, 0, 1, Datatype.INT, u, TAG),
                (w, me, u) -> { if (me == u) assertEquals(7, recvInt(w, 0)); }),
        RECV("recv", false, (w, u, looked) -> assertEquals(42, recvInt(w, u)), ProgressTable::sendToZero),
        SENDRECV("sendrecv", false, (w, u, looked) -> {
            int[] b = new int[1];
            w.sendrecv(new int[] {7}, 0, 1, Datatype.INT, u, TAG + 1, b, 0, 1, Datatype.INT, u, TAG);
            assertEquals(42, b[0]);
        }, (w, me, u) -> {
            if (me == u) {
                sendToZero(w, me, u);
                int[] b = new int[1];
                w.recv(b, 0, 1, Datatype.INT, 0, TAG + 1);
                assertEquals(7, b[0]);
            }
        }),
        PROBE("probe", false, (w, u, looked) -> {
            assertEquals(1, w.probe(u, TAG).count(Datatype.INT));
            assertEquals(42, recvInt(w, u));
        }, ProgressTable::sendToZero),
        IPROBE("iprobe", true, (w, u, looked) -> {
            while (w.iprobe(u, TAG) == null) looked.run();
            assertEquals(42, recvInt(w, u));
        }, ProgressTable::sendToZero),
        MPROBE("mprobe", false, (w, u, looked) -> {
            int[] b = new int[1];
            w.mprobe(u, TAG, null).mrecv(b, 0, 1, Datatype.INT);
            assertEquals(42, b[0]);
        }, ProgressTable::sendToZero),
        IMPROBE("improbe", true, (w, u, looked) -> {
            Message m;
            while ((m = w.improbe(u, TAG, null)) == null) looked.run();
            int[] b = new int[1];
            m.mrecv(b, 0, 1, Datatype.INT);
            assertEquals(42, b[0]);
        }, ProgressTable::sendToZero),
        WAIT_FOR("waitFor", false, (w, u, looked) -> {
            int[] b = new int[1];
            w.irecv(b, 0, 1, Datatype.INT, u, TAG).waitFor();
            assertEquals(42, b[0]);
        }, ProgressTable::sendToZero),
        TEST("test", true, (w, u, looked) -> {
            int[] b = new int[1];
            Request q = w.irecv(b, 0, 1, Datatype.INT, u, TAG);
            while (q.test() == null) looked.run();
            assertEquals(42, b[0]);
        }, ProgressTable::sendToZero),
        WAIT_ALL("waitAll", false, (w, u, looked) -> {
            int[] b = new int[1];
            Request.waitAll(w.irecv(b, 0, 1, Datatype.INT, u, TAG));
            assertEquals(42, b[0]);
        }, ProgressTable::sendToZero),
        WAIT_ANY("waitAny", false, (w, u, looked) -> {
            int[] b = new int[1];
            assertEquals(0, Request.waitAny(w.irecv(b, 0, 1, Datatype.INT, u, TAG)));
            assertEquals(42, b[0]);
        }, ProgressTable::sendToZero),
        TEST_ALL("testAll", true, (w, u, looked) -> {
            int[] b = new int[1];
            Request q = w.irecv(b, 0, 1, Datatype.INT, u, TAG);
            while (Request.testAll(q) == null) looked.run();
            assertEquals(42, b[0]);
        }, ProgressTable::sendToZero),
        TEST_ANY("testAny", true, (w, u, looked) -> {
            int[] b = new int[1];
            Request q = w.irecv(b, 0, 1, Datatype.INT, u, TAG);
            while (Request.testAny(q) == Mpi.UNDEFINED) looked.run();
            assertEquals(42, b[0]);
        }, ProgressTable::sendToZero),
        WAIT_SOME("waitSome", false, (w, u, looked) -> {
            int[] b = new int[1];
            assertEquals(1, Request.waitSome(new Request[] {w.irecv(b, 0, 1, Datatype.INT, u, TAG)}, new int[1], null));
            assertEquals(42, b[0]);
        }, ProgressTable::sendToZero),
        TEST_SOME("testSome", true, (w, u, looked) -> {
            int[] b = new int[1];
            Request[] q = {w.irecv(b, 0, 1, Datatype.INT, u, TAG)};
            while (Request.testSome(q, new int[1], null) == 0) looked.run();
            assertEquals(42, b[0]);
        }, ProgressTable::sendToZero),
        SENDRECV_REPLACE("sendrecvReplace", false, (w, u, looked) -> {
            int[] b = {7};
            w.sendrecvReplace(b, 0, 1, Datatype.INT, u, TAG + 1, u, TAG);
            assertEquals(42, b[0]);
        }, (w, me, u) -> {
            if (me == u) {
                sendToZero(w, me, u);
                int[] b = new int[1];
                w.recv(b, 0, 1, Datatype.INT, 0, TAG + 1);
                assertEquals(7, b[0]);
            }
        }),
        // The blocking collectives: every rank makes the call, rank 0 first; each is rooted so that rank 0
        // cannot return before U has joined.
        BARRIER("barrier", false, (w, u, looked) -> w.barrier(), (w, me, u) -> w.barrier()),
        BCAST("bcast", false, (w, u, looked) -> bcast(w, u), (w, me, u) -> bcast(w, u)),
        REDUCE("reduce", false, (w, u, looked) -> reduce(w), (w, me, u) -> reduce(w)),
        ALLREDUCE("allreduce", false, (w, u, looked) -> allreduce(w), (w, me, u) -> allreduce(w)),
        GATHER("gather", false, (w, u, looked) -> gather(w, false), (w, me, u) -> gather(w, false)),
        GATHERV("gatherv", false, (w, u, looked) -> gather(w, true), (w, me, u) -> gather(w, true)),
        SCATTER("scatter", false, (w, u, looked) -> scatter(w, u, false), (w, me, u) -> scatter(w, u, false)),
        SCATTERV("scatterv", false, (w, u, looked) -> scatter(w, u, true), (w, me, u) -> scatter(w, u, true)),
        ALLGATHER("allgather", false, (w, u, looked) -> allgather(w), (w, me, u) -> allgather(w)),
        ALLTOALL("alltoall", false, (w, u, looked) -> alltoall(w), (w, me, u) -> alltoall(w)),
        DUP("dup", false, (w, u, looked) -> checkAndFree(w.dup()), (w, me, u) -> checkAndFree(w.dup())),
        SPLIT("split", false, (w, u, looked) -> checkAndFree(w.split(0, w.rank())),
                (w, me, u) -> checkAndFree(w.split(0, me))),
        CREATE("create", false, (w, u, looked) -> checkAndFree(w.create(w.group())),
                (w, me, u) -> checkAndFree(w.create(w.group()))),
        CREATE_GROUP("createGroup", false, (w, u, looked) -> checkAndFree(w.createGroup(w.group(), 3)),
                (w, me, u) -> checkAndFree(w.createGroup(w.group(), 3))),
        /** Rank 0's detach waits until U has received the rendezvous message buffered in the attached buffer. */
        BUFFER_DETACH("bufferDetach", false, (w, u, looked) -> {
            Mpi mpi = new Mpi(w.rankContext());
            mpi.bufferAttach(4 * BIG + Mpi.BSEND_OVERHEAD);
            w.bsend(new int[BIG], 0, BIG, Datatype.INT, u, TAG);
            mpi.bufferDetach();
        }, (w, me, u) -> { if (me == u) w.recv(new int[BIG], 0, BIG, Datatype.INT, 0, TAG); }),
        /** Rank 0 finalizes with the operation unwaited (erroneous: docs/errors.md says finalize completes it). */
        FINALIZE("finalizeMpi", false, null, null);

        /** The API method rank 0 blocks in (a frame of {@code org.mpiverify.mpi} with this name). */
        final String method;
        /** True for a loop of nonblocking tests or probes, false for a call that blocks. */
        final boolean loop;
        final OnZero zero;
        final OnOther other;

        Call(String method, boolean loop, OnZero zero, OnOther other) {
            this.method = method;
            this.loop = loop;
            this.zero = zero;
            this.other = other;
        }
    }

    /** A started operation: its request, and a check of what it produced once it completed. */
    record Started(Request request, Runnable check) {
    }

    /**
     * The columns: the operations another rank can wait on a later step of. {@code late} (L) starts last;
     * {@code unlocker} (U) completes its part only after rank 0 made a step it could make only after L
     * started, and then lets rank 0's call return. On 4 ranks: the dissemination barrier's second round
     * (rank 0 sends to 2 once 3's first-round message came), the binomial broadcast from 2 (rank 0 forwards to
     * 1), the reduction tree towards 0 and on to root 1 (rank 0 sends the result to 1 once 2, waiting for 3,
     * sent its part), and recursive doubling (rank 0's second round, with 2, once 1 came in the first).
     */
    enum Outstanding {
        IBARRIER(3, 2, w -> new Started(w.ibarrier(), () -> { })),
        IBCAST(2, 1, w -> {
            int[] b = {w.rank() == 2 ? 99 : -1, w.rank() == 2 ? 98 : -1};
            return new Started(w.ibcast(b, 0, 2, Datatype.INT, 2), () -> assertArrayEquals(new int[] {99, 98}, b));
        }),
        IREDUCE(3, 1, w -> {
            long[] r = new long[1];
            return new Started(w.ireduce(new long[] {w.rank() + 1}, 0, r, 0, 1, Datatype.LONG, Op.SUM, 1),
                    () -> { if (w.rank() == 1) assertEquals(10, r[0]); });
        }),
        IALLREDUCE(1, 2, w -> {
            long[] r = new long[1];
            return new Started(w.iallreduce(new long[] {w.rank() + 1}, 0, r, 0, 1, Datatype.LONG, Op.SUM),
                    () -> assertEquals(10, r[0]));
        }),
        IALLGATHER(1, 2, w -> {
            int[] all = new int[RANKS];
            return new Started(w.iallgather(new int[] {10 * w.rank()}, 0, 1, Datatype.INT, all, 0, 1, Datatype.INT),
                    () -> assertArrayEquals(new int[] {0, 10, 20, 30}, all));
        }),
        IDUP(1, 2, w -> {
            Request r = w.idup();
            return new Started(r, () -> {   // no traffic on it: rank 0 may still be inside its call
                Comm c = r.communicator();
                assertEquals(RANKS, c.size());
                c.free();
            });
        });

        final int late;
        final int unlocker;
        final Function<Comm, Started> start;

        Outstanding(int late, int unlocker, Function<Comm, Started> start) {
            this.late = late;
            this.unlocker = unlocker;
            this.start = start;
        }
    }

    /**
     * The nonblocking collectives no other rank can wait on after the call that starts them: linear, their
     * first step starts every transfer and the peers' threads complete them (each rank's own request still
     * needs its own wait or test to see it).
     */
    static final Map<String, String> FIRST_STEP_ONLY = Map.of(
            "igather", "linear: the root posts every receive and each other rank sends, all in their first step",
            "igatherv", "as igather",
            "iscatter", "linear: the root starts every send and each other rank posts its receive, in their first step",
            "iscatterv", "as iscatter",
            "ialltoall", "one step: every receive and send of a rank is started at once");

    /**
     * The public calls that are not rows, each with why it never waits for another rank (so that no progress
     * can be owed inside it). Together with the rows and the columns, every public call of Comm, Request,
     * Message and Mpi.
     */
    static final Map<String, String> EXEMPT = Map.ofEntries(
            Map.entry("Comm.rank", "local query"), Map.entry("Comm.size", "local query"),
            Map.entry("Comm.group", "local query"), Map.entry("Comm.contextId", "local query"),
            Map.entry("Comm.pendingMatches", "local query"), Map.entry("Comm.isFreed", "local query"),
            Map.entry("Comm.errorHandler", "local query"), Map.entry("Comm.setErrorHandler", "local"),
            Map.entry("Comm.compare", "local query"), Map.entry("Comm.toString", "local"),
            Map.entry("Comm.isend", "starts a send and returns"), Map.entry("Comm.issend", "starts a send and returns"),
            Map.entry("Comm.irecv", "posts a receive and returns"),
            Map.entry("Comm.isendrecv", "posts a receive, starts a send and returns"),
            Map.entry("Comm.isendrecvReplace", "posts a receive, starts a send and returns"),
            Map.entry("Comm.sendInit", "local: makes an inactive request"),
            Map.entry("Comm.ssendInit", "local: makes an inactive request"),
            Map.entry("Comm.recvInit", "local: makes an inactive request"),
            Map.entry("Request.start", "starts a send or posts a receive and returns"),
            Map.entry("Request.startAll", "starts sends and posts receives and returns"),
            Map.entry("Request.grequestComplete", "local: completes a generalized request, never waits"),
            Map.entry("Mpi.grequestStart", "local: makes a request only the user completes"),
            Map.entry("Comm.bsend", "copies into the attached buffer, starts a send and returns"),
            Map.entry("Comm.ibsend", "copies into the attached buffer, starts a send and returns"),
            Map.entry("Mpi.bufferAttach", "local: attaches a buffer"),
            Map.entry("Comm.free", "local: drops the handle's reference, never waits"),
            Map.entry("Comm.setAttr", "local: a lock-free list update"), Map.entry("Comm.getAttr", "local: a lock-free read"),
            Map.entry("Comm.deleteAttr", "local: a lock-free list update"),
            Map.entry("Comm.setInfo", "local: copies the hints, no communication"), Map.entry("Comm.getInfo", "local query"),
            Map.entry("Mpi.createKeyval", "local: allocates a key"), Map.entry("Mpi.createInfo", "local: allocates an object"),
            Map.entry("Request.cancel", "local: unposts a receive"),
            Map.entry("Request.free", "local: drops the handle's reference"),
            Map.entry("Request.communicator", "local query"), Map.entry("Request.isInactive", "local query"),
            Map.entry("Request.status", "local query"),
            Map.entry("Message.mrecv", "receives a message mprobe already matched: completes at once"),
            Map.entry("Message.imrecv", "receives a message improbe already matched: completes at once"),
            Map.entry("Message.isNoProc", "local query"),
            Map.entry("Mpi.initThread", "nothing can be outstanding before it"),
            Map.entry("Mpi.init", "nothing can be outstanding before it"),
            Map.entry("Mpi.abort", "ends the job"),
            Map.entry("Mpi.queryThread", "local query"), Map.entry("Mpi.isThreadMain", "local query"),
            Map.entry("Mpi.isInitialized", "local query"), Map.entry("Mpi.isFinalized", "local query"),
            Map.entry("Mpi.commWorld", "local query"), Map.entry("Mpi.commSelf", "local query"),
            Map.entry("Mpi.wtime", "local query"), Map.entry("Mpi.wtick", "local query"),
            Map.entry("Mpi.lockAcquisitions", "local query"), Map.entry("Mpi.lockWaitNanos", "local query"),
            Map.entry("Mpi.pendingMatches", "local query"), Map.entry("Mpi.freeContextIds", "local query"));

    /**
     * Runs one cell: {@code call} on rank 0 with {@code op} outstanding, in a job of {@code config} (4 ranks)
     * whose ranks get their progress rule from {@code progress} (null: the core's); fails with every thread's
     * stack unless the job ends within {@code deadline}. With {@code during}, rank 0's operation is started by
     * another thread of rank 0 once the call is inside its wait (so the call began with nothing outstanding), on
     * a communicator of its own (collectives on one communicator must be started in one order by all).
     */
    static void run(JobConfig config, Call call, Outstanding op, boolean during, Duration deadline,
                    Function<RankContext, ProgressRule> progress) {
        CountDownLatch started = new CountDownLatch(1);
        CountDownLatch looked = new CountDownLatch(1);
        AtomicReference<Thread> zero = new AtomicReference<>();
        int late = op.late, u = op.unlocker;
        RankMain main = mpi -> {
            mpi.initThread(ThreadLevel.MULTIPLE);
            Comm w = mpi.commWorld();
            Comm d = during ? w.dup() : w;
            int me = w.rank();
            if (me == 0) {
                zero.set(Thread.currentThread());
                AtomicReference<Started> s = new AtomicReference<>();
                AtomicReference<Throwable> failed = new AtomicReference<>();
                Thread starter = null;
                if (during) {
                    starter = Thread.ofPlatform().daemon(true).name("starter").start(() -> {
                        try {
                            awaitInside(call, zero.get(), looked);
                            s.set(op.start.apply(d));
                        } catch (Throwable t) {
                            failed.set(t);
                        } finally {
                            started.countDown();
                        }
                    });
                } else {
                    s.set(op.start.apply(d));
                    started.countDown();
                }
                if (call == Call.FINALIZE) {
                    mpi.finalizeMpi();
                    assertTrue(s.get().request().isOperationComplete(), "finalize returned with the operation incomplete");
                    return;
                }
                call.zero.run(w, u, looked::countDown);
                if (starter != null) {
                    assertTrue(starter.join(Duration.ofSeconds(30)), "the starter thread did not end\n" + Job.threadDump());
                    if (failed.get() != null) throw new AssertionError("the starter thread failed", failed.get());
                }
                s.get().request().waitFor();
                s.get().check().run();
            } else {
                if (me == late) {
                    await(started, "rank 0 started " + op);
                    if (!during) awaitInside(call, zero.get(), looked);   // else the starter did before it started
                }
                Started s = op.start.apply(d);
                assertNotNull(s.request().waitFor());
                s.check().run();
                if (call == Call.FINALIZE) {
                    mpi.finalizeMpi();
                    return;
                }
                call.other.run(w, me, u);
            }
            if (during) d.free();
            mpi.finalizeMpi();
        };
        String cell = call + " x " + op + (during ? " started during the call" : "") + " on " + describe(config);
        if (call == Call.FINALIZE) {
            QuiescenceCheck.exempt("the program finalizes without waiting on or freeing its request: finalize completes"
                    + " the operation, and the request the program still holds keeps its communicator's reference",
                    Quiescence.Invariant.COMMUNICATORS);
        }
        JobResult r = Job.run(config, main, deadline, progress);
        if (r.hung()) {
            throw new AssertionError(cell + ": hung (the call did not progress the outstanding operation)\n"
                    + r.describe());
        }
        if (!r.ok()) {
            throw new AssertionError(cell + ": failed\n" + r.describe());
        }
    }

    /** Waits until rank 0's thread is inside {@code call}: parked in it, or past its first unsuccessful look. */
    private static void awaitInside(Call call, Thread zero, CountDownLatch looked) throws InterruptedException {
        if (call.loop) {
            await(looked, "rank 0 looked once in " + call);
        } else {
            Jobs.awaitBlockedIn(zero, call.method);
        }
    }

    static String describe(JobConfig c) {
        return c.granularity() + "/" + c.matching() + (c.atomicRefCounts() ? "" : "/no-atom")
                + (c.requestCacheSize() > 0 ? "" : "/no-tlp");
    }

    private static void await(CountDownLatch l, String what) throws InterruptedException {
        if (!l.await(30, TimeUnit.SECONDS)) {
            throw new AssertionError("not within 30 s: " + what + "\n" + Job.threadDump());
        }
    }

    private static void sendToZero(Comm w, int me, int u) {
        if (me == u) w.send(new int[] {42}, 0, 1, Datatype.INT, 0, TAG);
    }

    private static int recvInt(Comm w, int from) {
        int[] b = new int[1];
        w.recv(b, 0, 1, Datatype.INT, from, TAG);
        return b[0];
    }

    private static void bcast(Comm w, int root) {
        int[] v = {w.rank() == root ? 31 : -1};
        w.bcast(v, 0, 1, Datatype.INT, root);
        assertEquals(31, v[0]);
    }

    private static void reduce(Comm w) {
        int[] sum = new int[1];
        w.reduce(new int[] {w.rank()}, 0, sum, 0, 1, Datatype.INT, Op.SUM, 0);
        if (w.rank() == 0) assertEquals(6, sum[0]);
    }

    private static void allreduce(Comm w) {
        int[] sum = new int[1];
        w.allreduce(new int[] {w.rank()}, 0, sum, 0, 1, Datatype.INT, Op.SUM);
        assertEquals(6, sum[0]);
    }

    private static void gather(Comm w, boolean v) {
        int[] all = new int[RANKS];
        int[] mine = {w.rank() * 3};
        if (v) {
            w.gatherv(mine, 0, 1, Datatype.INT, all, 0, new int[] {1, 1, 1, 1}, new int[] {0, 1, 2, 3}, Datatype.INT, 0);
        } else {
            w.gather(mine, 0, 1, Datatype.INT, all, 0, 1, Datatype.INT, 0);
        }
        if (w.rank() == 0) assertArrayEquals(new int[] {0, 3, 6, 9}, all);
    }

    private static void scatter(Comm w, int root, boolean v) {
        int[] all = {5, 6, 7, 8};
        int[] mine = new int[1];
        if (v) {
            w.scatterv(all, 0, new int[] {1, 1, 1, 1}, new int[] {0, 1, 2, 3}, Datatype.INT, mine, 0, 1, Datatype.INT,
                    root);
        } else {
            w.scatter(all, 0, 1, Datatype.INT, mine, 0, 1, Datatype.INT, root);
        }
        assertEquals(5 + w.rank(), mine[0]);
    }

    private static void allgather(Comm w) {
        int[] all = new int[RANKS];
        w.allgather(new int[] {w.rank()}, 0, 1, Datatype.INT, all, 0, 1, Datatype.INT);
        assertArrayEquals(new int[] {0, 1, 2, 3}, all);
    }

    private static void alltoall(Comm w) {
        int[] in = new int[RANKS];
        int me = w.rank();
        w.alltoall(new int[] {10 * me, 10 * me + 1, 10 * me + 2, 10 * me + 3}, 0, 1, Datatype.INT, in, 0, 1,
                Datatype.INT);
        assertArrayEquals(new int[] {me, 10 + me, 20 + me, 30 + me}, in);
    }

    /** A communicator the call made works (an allreduce over it), and is freed. */
    static void checkAndFree(Comm c) {
        int[] n = new int[1];
        c.allreduce(new int[] {1}, 0, n, 0, 1, Datatype.INT, Op.SUM);
        assertEquals(c.size(), n[0]);
        c.free();
    }
}
