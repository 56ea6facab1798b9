package org.mpiverify.audit.scenario.catalog;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import org.mpiverify.harness.api.AuditMpi;
import org.mpiverify.harness.scenario.RankReport;
import org.mpiverify.harness.scenario.Verdict;
import org.mpiverify.harness.scenario.Workers;

/**
 * Gropp &amp; Thakur §3's Read List, Update List and Allocate classes under {@code THREAD_MULTIPLE}: the calls of
 * MPICH's single-threaded attribute tests ({@code test/mpi/attr}: {@code attrt.c} sets, gets and deletes, {@code
 * attrordercomm.c} many keys on one communicator, {@code fkeyvalcomm.c} copy on dup) and of its info tests, made
 * by 4 threads per rank at once. MPICH's {@code test/mpi/threads} has no attribute or info test; this is the threaded
 * version the paper's classification asks for. Two scenarios, one per list ({@link Kind}: {@code attr-lists},
 * {@code info-lists}), so that a library that fails one still shows the other. On 2 ranks, each thread:
 * <ul>
 *   <li>creates two keys at once with the other threads ({@code MPI_Comm_create_keyval}, Allocate), one copied by
 *       dup ({@code MPI_COMM_DUP_FN}) and one not ({@code MPI_COMM_NULL_COPY_FN});</li>
 *   <li>{@value #ITER} times: sets, reads back, overwrites and deletes attributes on a communicator of its own, and
 *       its own keys on one communicator all threads share (different entries of one list: Update List racing
 *       Read List); sets, reads back and deletes keys of its own in one info object all threads share.</li>
 * </ul>
 * Then the main thread checks that no thread's update was lost: every key on the shared communicator holds its
 * thread's last value, a dup of it holds exactly the keys copied by {@code MPI_COMM_DUP_FN}, and the shared info
 * object holds every thread's keys with their last values. {@code MPI_TAG_UB} must be at least 32767 (MPI-3.1
 * §8.1.2).
 */
final class AttributeListsScenario extends CatalogScenario {
    // One class for both lists: the threads' loop and its judgement are the same, only the calls differ.
    /** Which list the threads share: a communicator's attributes or an info object's pairs. */
    enum Kind {
        ATTRIBUTES("attr-lists"), INFO("info-lists");

        final String id;

        Kind(String id) {
            this.id = id;
        }
    }

    private static final int THREADS = 4;
    private static final int ITER = 500;
    /** Info keys each thread cycles through. */
    private static final int INFO_KEYS = 5;

    private final Kind kind;

    /** The catalog's scenarios of this class ({@link Catalog}): attributes and info objects. */
    static List<CatalogScenario> variants() {
        return List.of(new AttributeListsScenario(Kind.ATTRIBUTES), new AttributeListsScenario(Kind.INFO));
    }

    AttributeListsScenario(Kind kind) {
        super(kind.id, kind == Kind.ATTRIBUTES
                        ? THREADS + " threads per rank create keyvals, set, get, overwrite and delete attributes on their own "
                                + "communicators and their own keys of one shared communicator"
                        : THREADS + " threads per rank set, get and delete their own keys of one shared info object",
                kind == Kind.ATTRIBUTES
                        ? "Gropp & Thakur §3 (Read List, Update List, Allocate); MPICH test/mpi/attr (attrt.c, "
                                + "attrordercomm.c, fkeyvalcomm.c), threaded (MPICH's test/mpi/threads has no attribute test)"
                        : "Gropp & Thakur §3 (Read List, Update List: MPI_Info_get, MPI_Info_set); MPICH test/mpi/info, "
                                + "threaded (MPICH's test/mpi/threads has no info test)",
                2, 2, 10, Catalog.SHORT_DEADLINE);
        this.kind = kind;
    }

    @Override
    public String holds() {
        return kind == Kind.ATTRIBUTES
                ? "4 threads per rank each create two keyvals (`MPI_COMM_DUP_FN`, `MPI_COMM_NULL_COPY_FN`) and 500 times set, "
                        + "read back, overwrite and delete attributes on a communicator of their own and on one they share "
                        + "(each thread its own keys): every read returns the thread's last write; afterwards no update is "
                        + "lost (shared communicator, and its dup: only `MPI_COMM_DUP_FN` keys); `MPI_TAG_UB` >= 32767"
                : "4 threads per rank 500 times set, read back and delete their own keys of one shared info object: every "
                        + "read returns the thread's last write; afterwards every thread's keys are there with their last "
                        + "values (`MPI_Info_get_nkeys`, `MPI_Info_get_nthkey`)";
    }

    @Override
    public List<Algorithm> algorithms() {
        return List.of(Algorithm.of("Attribute and info lists"));
    }

    @Override
    public RankReport run(AuditMpi mpi) throws Exception {
        mpi.initThread(AuditMpi.THREAD_MULTIPLE);
        long world = mpi.commWorld();
        int me = mpi.commRank(world);
        RankReport.Builder report = new RankReport.Builder(me);
        if (kind == Kind.ATTRIBUTES) {
            attributes(mpi, world, me, report);
        } else {
            info(mpi, me, report);
        }
        return report.build();
    }

    private void attributes(AuditMpi mpi, long world, int me, RankReport.Builder report) throws Exception {
        Integer tagUb = mpi.commTagUb(world);
        if (tagUb == null || tagUb < 32767) {
            report.evidence("rank " + me + ": MPI_TAG_UB is " + tagUb + ", MPI requires at least 32767");
        }
        long shared = mpi.commDup(world);
        long[] own = new long[THREADS];
        for (int t = 0; t < THREADS; t++) own[t] = mpi.commDup(world);
        long[] copied = new long[THREADS];
        long[] notCopied = new long[THREADS];
        CyclicBarrier start = new CyclicBarrier(THREADS);   // so that the threads' updates overlap from the first
        Workers.run(THREADS, deadline(), t -> {
            String who = "rank " + me + " thread " + t;
            long kc = mpi.keyvalCreate(true);
            long kn = mpi.keyvalCreate(false);
            copied[t] = kc;
            notCopied[t] = kn;
            start.await(deadline().toMillis(), TimeUnit.MILLISECONDS);
            for (int i = 0; i < ITER; i++) {
                long v = value(me, t, i);
                mpi.commSetAttr(own[t], kc, v);
                mpi.commSetAttr(own[t], kn, -v);
                expect(report, who + " own communicator, copied key", mpi.commGetAttr(own[t], kc), v);
                expect(report, who + " own communicator, other key", mpi.commGetAttr(own[t], kn), -v);
                if (i % 3 == 2) {
                    mpi.commDeleteAttr(own[t], kn);
                    expect(report, who + " own communicator, deleted key", mpi.commGetAttr(own[t], kn), null);
                }
                mpi.commSetAttr(shared, kc, v);
                expect(report, who + " shared communicator", mpi.commGetAttr(shared, kc), v);
            }
            mpi.commSetAttr(shared, kn, 1);
        });
        long dup = mpi.commDup(shared);
        for (int t = 0; t < THREADS; t++) {
            long last = value(me, t, ITER - 1);
            String who = "rank " + me + " after the threads, thread " + t + "'s ";
            expect(report, who + "key on the shared communicator", mpi.commGetAttr(shared, copied[t]), last);
            expect(report, who + "MPI_COMM_DUP_FN key on its dup", mpi.commGetAttr(dup, copied[t]), last);
            expect(report, who + "MPI_COMM_NULL_COPY_FN key on its dup", mpi.commGetAttr(dup, notCopied[t]), null);
        }
        // Only attributes that are set are deleted: Open MPI 4.1.4 fails the delete of an absent one (MPI_ERR_OTHER),
        // MPICH does nothing, and MPI does not say.
        for (int t = 0; t < THREADS; t++) {
            for (long c : new long[] {shared, dup, own[t]}) mpi.commDeleteAttr(c, copied[t]);
            mpi.commDeleteAttr(shared, notCopied[t]);
            if ((ITER - 1) % 3 != 2) mpi.commDeleteAttr(own[t], notCopied[t]);
            mpi.keyvalFree(copied[t]);
            mpi.keyvalFree(notCopied[t]);
            mpi.commFree(own[t]);
        }
        mpi.commFree(dup);
        mpi.commFree(shared);
        report.fact("updates", (long) THREADS * ITER * 4);
    }

    private void info(AuditMpi mpi, int me, RankReport.Builder report) throws Exception {
        long info = mpi.infoCreate();
        CyclicBarrier start = new CyclicBarrier(THREADS);   // so that the threads' updates overlap from the first
        Workers.run(THREADS, deadline(), t -> {
            String who = "rank " + me + " thread " + t;
            start.await(deadline().toMillis(), TimeUnit.MILLISECONDS);
            for (int i = 0; i < ITER; i++) {
                long v = value(me, t, i);
                String key = infoKey(t, i % INFO_KEYS);
                mpi.infoSet(info, key, Long.toString(v));
                expectInfo(report, who + " shared info '" + key + "'", mpi.infoGet(info, key), Long.toString(v));
                if (i % 4 == 3) {
                    String scratch = infoKey(t, INFO_KEYS);
                    mpi.infoSet(info, scratch, "x");
                    mpi.infoDelete(info, scratch);
                    expectInfo(report, who + " shared info, deleted '" + scratch + "'", mpi.infoGet(info, scratch), null);
                }
            }
        });
        for (int t = 0; t < THREADS; t++) {
            for (int k = 0; k < INFO_KEYS; k++) {
                int lastI = k + INFO_KEYS * ((ITER - 1 - k) / INFO_KEYS);
                expectInfo(report, "rank " + me + " after the threads, info key " + infoKey(t, k),
                        mpi.infoGet(info, infoKey(t, k)), Long.toString(value(me, t, lastI)));
            }
        }
        int n = mpi.infoNKeys(info);
        Set<String> keys = new HashSet<>();
        for (int i = 0; i < n; i++) keys.add(mpi.infoNthKey(info, i));
        Set<String> expected = new HashSet<>();
        for (int t = 0; t < THREADS; t++) for (int k = 0; k < INFO_KEYS; k++) expected.add(infoKey(t, k));
        if (!keys.equals(expected)) {
            report.evidence("rank " + me + ": the shared info object has keys " + keys + " (" + n + "), expected "
                    + expected.size() + " keys, " + INFO_KEYS + " per thread: an update was lost");
        }
        mpi.infoFree(info);
        report.fact("updates", (long) THREADS * (ITER + ITER / 4 * 2));
    }

    /** A value no other rank, thread or iteration writes. */
    private static long value(int rank, int thread, int i) {
        return 1_000_000L * (rank + 1) + 1_000L * thread + i + 1;
    }

    private static String infoKey(int thread, int k) {
        return "t" + thread + ".k" + k;
    }

    private static void expect(RankReport.Builder report, String what, Long got, Long want) {
        if (got == null ? want != null : !got.equals(want)) {
            report.evidence(what + ": read " + (got == null ? "no attribute" : got) + ", expected "
                    + (want == null ? "no attribute" : want));
        }
    }

    private static void expectInfo(RankReport.Builder report, String what, String got, String want) {
        if (got == null ? want != null : !got.equals(want)) {
            report.evidence(what + ": read " + (got == null ? "no value" : "'" + got + "'") + ", expected "
                    + (want == null ? "no value" : "'" + want + "'"));
        }
    }

    @Override
    protected Verdict judgeReports(List<RankReport> reports) {
        String what = kind == Kind.ATTRIBUTES ? "attribute" : "info";
        return passUnlessEvidence(reports, sum(reports, "updates") + " " + what + " updates by " + THREADS
                        + " threads a rank, every read its thread's last write, none lost",
                "an " + what + " read returned another value than its thread's last write, or an update was lost");
    }
}
