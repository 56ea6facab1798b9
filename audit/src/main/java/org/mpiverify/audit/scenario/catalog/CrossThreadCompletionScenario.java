package org.mpiverify.audit.scenario.catalog;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicIntegerArray;
import org.mpiverify.harness.api.AuditException;
import org.mpiverify.harness.api.AuditMpi;
import org.mpiverify.harness.api.AuditStatus;
import org.mpiverify.harness.api.IndexedStatus;
import org.mpiverify.harness.scenario.RankReport;
import org.mpiverify.harness.scenario.Verdict;
import org.mpiverify.harness.scenario.Workers;

/**
 * Requests started by one thread and completed by others (MPICH's
 * {@code threads/pt2pt/multisend3.c} and {@code multisend4.c}: one thread's {@code MPI_Waitall} over every thread's
 * requests; {@code greq_wait.c}, {@code greq_test.c}: a request completed while another thread waits or tests). On
 * two ranks, each of 4 threads per rank starts, each round, two receives from and two sends to its partner thread
 * of the other rank (tag = thread); then the round's requests are completed by threads that did not start them,
 * the way rotating with the round: {@code wait} (each thread its right neighbour's), {@code test} polled (likewise),
 * one thread's {@code waitAny} over all threads' requests until none is left, one thread's {@code testAny} polled
 * likewise, one thread's {@code waitAll} over all, and {@code testAll} polled by each thread over the requests of the
 * thread two to its right. Error completions are among them: in one round of three each thread's second receive
 * is too small for its message ({@code MPI_ERR_TRUNCATE}, in the status of the array calls, as the exception of
 * {@code wait} and {@code test}), in another each thread adds a receive nobody sends to and cancels it itself
 * (its completer must see it cancelled). The receives are posted before the other rank sends (a handshake), so each
 * message matches a receive already waiting. After each round the starting threads check what their completers got:
 * every message intact and in order, every error and cancel reported where it belongs, every request completed
 * once. A completion lost on an error path shows as a HANG with the completing thread's stack.
 */
final class CrossThreadCompletionScenario extends CatalogScenario {
    static final String ID = "requests-cross-thread-completion";
    private static final int THREADS = 4;
    private static final int ROUNDS = 18;
    private static final int SMALL = 8;
    private static final int HANDSHAKE_TAG = 99;
    /** Per thread and round: receive 0, receive 1, send 0, send 1, the cancelled receive. */
    private static final int SLOTS = 5;
    private static final int CANCEL_TAG_BASE = 100;

    enum Mode { WAIT, TEST, WAITANY, TESTANY, WAITALL, TESTALL }

    /** What kind of round: all normal, the second receive truncated, or a cancelled receive added. */
    enum Kind { NORMAL, TRUNCATE, CANCEL }

    CrossThreadCompletionScenario() {
        super(ID, "requests started by one thread completed by others with wait, test, waitAny, testAny, waitAll and "
                        + "testAll, " + THREADS + " threads per rank, truncated and cancelled receives among them",
                "MPICH test/mpi/threads/pt2pt/multisend3.c, multisend4.c, greq_wait.c, greq_test.c",
                2, 2, 10, Catalog.SHORT_DEADLINE);
    }

    @Override
    public String holds() {
        return "4 threads per rank each start 2 receives and 2 sends per round (receives posted before the other "
                + "rank sends: a handshake); other threads complete them, rotating: `wait`, polled `test` (each its "
                + "neighbour's), one thread's `waitAny` and polled `testAny` over all threads' requests, one "
                + "thread's `waitAll` over all, polled `testAll` (each the requests of the thread two along). In "
                + "one round of three the second receive is too small (`MPI_ERR_TRUNCATE` in its status, or the "
                + "exception of `wait`/`test`), in another each thread adds a receive nobody sends to and cancels "
                + "it (its completer must see it cancelled). The starter checks every message and error; an entry "
                + "an array call empties without reporting it is named";
    }

    @Override
    public List<Algorithm> algorithms() {
        return List.of(Algorithm.of("Blocked waits at scale", "core twin `TruncationDropsReceiveEngine`"));
    }

    @Override
    public RankReport run(AuditMpi mpi) throws Exception {
        mpi.initThread(AuditMpi.THREAD_MULTIPLE);
        long world = mpi.commWorld();
        int me = mpi.commRank(world);
        int other = 1 - me;
        RankReport.Builder report = new RankReport.Builder(me);
        long comm = mpi.commDup(world);
        long control = mpi.commDup(world);
        // requests[t][slot], their completions results[t][slot]: written by one thread between two barriers, read after
        long[][] requests = new long[THREADS][SLOTS];
        AuditStatus[][] results = new AuditStatus[THREADS][SLOTS];
        Bounded.Barrier barrier = new Bounded.Barrier(THREADS, deadline().multipliedBy(2));
        AtomicIntegerArray completed = new AtomicIntegerArray(Mode.values().length);
        Workers.run(THREADS, deadline(), t -> {
            int[][] bufs = {new int[Payload.HEADER + 64], new int[Payload.HEADER + 64], new int[4]};
            for (int i = 0; i < ROUNDS; i++) {
                Mode mode = Mode.values()[i % Mode.values().length];
                Kind kind = Kind.values()[(i / Mode.values().length) % Kind.values().length];
                String who = "rank " + me + " thread " + t + " round " + i + " (" + mode + ", " + kind + ")";
                long[] mine = requests[t];
                java.util.Arrays.fill(mine, AuditMpi.REQUEST_NULL);
                java.util.Arrays.fill(results[t], null);
                mine[0] = mpi.irecv(comm, bufs[0], bufs[0].length, other, t);
                mine[1] = mpi.irecv(comm, bufs[1], kind == Kind.TRUNCATE ? SMALL : bufs[1].length, other, t);
                if (kind == Kind.CANCEL) {
                    mine[4] = mpi.irecv(comm, bufs[2], bufs[2].length, other, CANCEL_TAG_BASE + t);
                    mpi.cancel(mine[4]);
                }
                barrier.await("the receives of round " + i);
                if (t == 0) {   // both ranks' receives are posted before either sends
                    mpi.sendrecv(control, new int[] {i}, 1, other, HANDSHAKE_TAG, new int[1], 1, other, HANDSHAKE_TAG);
                }
                barrier.await("the handshake of round " + i);
                int[] m0 = Payload.make(me, t, 2 * i, Payload.HEADER + (i + t) % 30);
                int[] m1 = Payload.make(me, t, 2 * i + 1, kind == Kind.TRUNCATE ? SMALL + 20 : Payload.HEADER + (i * 3) % 40);
                mine[2] = mpi.isend(comm, m0, m0.length, other, t);
                mine[3] = mpi.isend(comm, m1, m1.length, other, t);
                for (int s = 0; s < SLOTS; s++) {   // a request a library completed when it started: nothing to complete
                    if (mine[s] == AuditMpi.REQUEST_NULL && (s < 4 || kind == Kind.CANCEL)) results[t][s] = AuditStatus.EMPTY;
                }
                barrier.await("the sends of round " + i);
                completed.addAndGet(mode.ordinal(), complete(mpi, mode, t, requests, results));
                barrier.await("the completions of round " + i);
                check(report, who, results[t], bufs, kind, other, t, i);
            }
        });
        mpi.commFree(comm);
        mpi.commFree(control);
        for (Mode m : Mode.values()) report.fact("completed." + m, completed.get(m.ordinal()));
        return report.build();
    }

    /**
     * Thread {@code t}'s share of the round's completions under {@code mode}; returns how many it completed. Each
     * request has exactly one completer: under wait, test and testAll another thread than its starter; under waitAny,
     * testAny and waitAll thread 1, which completes every thread's requests, its own among them.
     */
    private int complete(AuditMpi mpi, Mode mode, int t, long[][] requests, AuditStatus[][] results) {
        String what = mode + " by thread " + t;
        switch (mode) {
            case WAIT, TEST -> {
                int owner = (t + 1) % THREADS;
                int n = 0;
                for (int s = 0; s < SLOTS; s++) {
                    long r = requests[owner][s];
                    if (r == AuditMpi.REQUEST_NULL) continue;
                    results[owner][s] = single(mpi, mode, r, what);
                    requests[owner][s] = AuditMpi.REQUEST_NULL;
                    n++;
                }
                return n;
            }
            case TESTALL -> {
                int owner = (t + 2) % THREADS;
                return untilAllDone(mpi, mode, what, requests[owner], results[owner]);
            }
            default -> {
                if (t != 1) return 0;   // one thread completes every thread's requests (not its own only)
                long[] all = new long[THREADS * SLOTS];
                for (int o = 0; o < THREADS; o++) System.arraycopy(requests[o], 0, all, o * SLOTS, SLOTS);
                boolean[] live = new boolean[all.length];
                for (int k = 0; k < all.length; k++) live[k] = all[k] != AuditMpi.REQUEST_NULL;
                int n = 0;
                if (mode == Mode.WAITALL) {
                    AuditStatus[] st = new AuditStatus[all.length];
                    n = untilAllDone(mpi, mode, what, all, st);
                    for (int k = 0; k < all.length; k++) if (live[k]) results[k / SLOTS][k % SLOTS] = st[k];
                    return n;
                }
                while (true) {
                    IndexedStatus x = mode == Mode.WAITANY ? mpi.waitAny(all)
                            : Bounded.poll(deadline().multipliedBy(2), what, () -> mpi.testAny(all));
                    if (x.index() == AuditMpi.UNDEFINED) break;
                    if (!live[x.index()] || all[x.index()] != AuditMpi.REQUEST_NULL) {
                        results[x.index() / SLOTS][x.index() % SLOTS] = x.status().withError(-1,
                                "entry " + x.index() + " reported twice or not set to REQUEST_NULL");
                        break;
                    }
                    live[x.index()] = false;
                    results[x.index() / SLOTS][x.index() % SLOTS] = x.status();
                    n++;
                    for (int k = 0; k < all.length; k++) {   // entries the call emptied without reporting them
                        if (live[k] && all[k] == AuditMpi.REQUEST_NULL) {
                            live[k] = false;
                            results[k / SLOTS][k % SLOTS] = AuditStatus.EMPTY.withError(-1, "set to REQUEST_NULL by the "
                                    + mode + " that reported entry " + x.index() + ", never reported itself: its completion is lost");
                        }
                    }
                }
                return n;
            }
        }
    }

    /**
     * waitAll or testAll (polled) over {@code reqs} until every entry is REQUEST_NULL, each entry's status going to
     * {@code out} when a call completes it: a call may leave entries MPI_ERR_PENDING after one failed (MPI-3.1
     * §3.7.5; MPICH 4.0 does), and the next call completes them. Returns how many it completed.
     */
    private int untilAllDone(AuditMpi mpi, Mode mode, String what, long[] reqs, AuditStatus[] out) {
        boolean[] live = new boolean[reqs.length];
        int left = 0;
        for (int k = 0; k < reqs.length; k++) {
            live[k] = reqs[k] != AuditMpi.REQUEST_NULL;
            if (live[k]) left++;
        }
        int n = 0;
        for (int call = 0; left > 0; call++) {
            if (call > reqs.length) {   // every call completes at least one entry: this many calls is a lost completion
                for (int k = 0; k < reqs.length; k++) {
                    if (live[k]) out[k] = AuditStatus.EMPTY.withError(-1, "left active by " + call + " calls of " + mode);
                }
                break;
            }
            AuditStatus[] st = mode == Mode.WAITALL ? mpi.waitAll(reqs)
                    : Bounded.poll(deadline().multipliedBy(2), what, () -> mpi.testAll(reqs));
            for (int k = 0; k < reqs.length; k++) {
                if (live[k] && reqs[k] == AuditMpi.REQUEST_NULL) {
                    out[k] = st[k];
                    live[k] = false;
                    left--;
                    n++;
                }
            }
        }
        return n;
    }

    /** A single wait or test (polled); an error the call raises becomes the status's error, as the array calls report it. */
    private AuditStatus single(AuditMpi mpi, Mode mode, long r, String what) {
        try {
            return mode == Mode.WAIT ? mpi.waitFor(r) : Bounded.poll(deadline().multipliedBy(2), what, () -> mpi.test(r));
        } catch (AuditException e) {
            return AuditStatus.EMPTY.withError(e.errorClass(), e.errorName());
        }
    }

    /** The starting thread checks what its completer got for its requests. */
    private static void check(RankReport.Builder report, String who, AuditStatus[] got, int[][] bufs, Kind kind,
                              int other, int t, int round) {
        List<String> problems = new ArrayList<>();
        for (int s = 0; s < SLOTS; s++) {
            AuditStatus st = got[s];
            String slot = switch (s) {
                case 0, 1 -> "receive " + s;
                case 2, 3 -> "send " + (s - 2);
                default -> "cancelled receive";
            };
            if (s == 4 && kind != Kind.CANCEL) continue;
            if (st == null) {
                problems.add(slot + " was never completed");
            } else if (st.error() == -1) {
                problems.add(slot + ": " + st.errorName());
            } else if (s == 1 && kind == Kind.TRUNCATE) {
                if (!"MPI_ERR_TRUNCATE".equals(st.errorName())) {
                    problems.add(slot + " (a " + (SMALL + 20) + "-int message into " + SMALL + " ints) completed with "
                            + (st.error() == 0 ? "no error" : st.errorName()) + ", expected MPI_ERR_TRUNCATE");
                }
            } else if (s == 4) {
                if (!st.cancelled()) problems.add(slot + " (nobody sends to it) was not reported cancelled");
            } else if (st.error() != 0) {
                problems.add(slot + " completed with " + st.errorName());
            } else if (s < 2 && st != AuditStatus.EMPTY) {
                Expect.message(report, who + " " + slot, st, bufs[s], other, t, other, t, 2 * round + s);
            }
        }
        for (String p : problems) report.evidence(who + ": " + p);
    }

    @Override
    protected Verdict judgeReports(List<RankReport> reports) {
        StringBuilder counts = new StringBuilder();
        for (Mode m : Mode.values()) {
            counts.append(counts.isEmpty() ? "" : ", ").append(sum(reports, "completed." + m)).append(" by ")
                    .append(m.name().toLowerCase());
        }
        return passUnlessEvidence(reports, "requests completed by other threads than their starters (" + counts
                        + "); every message intact, every truncation and cancel reported where it belongs",
                "a request completed by another thread lost its message, its error or its completion");
    }
}
