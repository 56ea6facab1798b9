package org.mpiverify.mpi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.mpiverify.mpi.Quiescence.Invariant.COMMUNICATORS;
import static org.mpiverify.mpi.Quiescence.Invariant.MATCHING;
import static org.mpiverify.mpi.Quiescence.Invariant.POOLS;
import static org.mpiverify.mpi.Quiescence.Invariant.PROGRESS;
import static org.mpiverify.mpi.Quiescence.Invariant.UNEXPECTED_BUDGET;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.mpiverify.core.sync.Granularity;
import org.mpiverify.testkit.KnownBad;
import org.mpiverify.testkit.ThreadDumpOnFailure;
import org.mpiverify.testkit.TwinTest;

/**
 * MPI's progress rule as a checked property ({@link ProgressTable}): every call that waits or tests, made
 * while a nonblocking collective or an idup is outstanding on its rank, moves that operation on, so that
 * another rank that waits for it finishes. Each cell must end within its deadline. The default run takes
 * the whole table on the default configuration and one column on every other configuration of
 * {@link Jobs#configs}; {@code -Pfull} takes the whole table on every configuration.
 */
@Timeout(value = 30, unit = TimeUnit.MINUTES)
@ExtendWith(ThreadDumpOnFailure.class)
class ProgressRuleTest {
    private static final Duration CELL_DEADLINE = Duration.ofSeconds(30);
    /** A row on a twin that does not poll hangs for good: this bounds how long the check waits to see it. */
    private static final Duration TWIN_DEADLINE = Duration.ofSeconds(2);

    static Stream<Arguments> cells() {
        List<Arguments> out = new ArrayList<>();
        List<JobConfig> configs = Jobs.configsBothSchedulers(ProgressTable.RANKS).toList();
        int columns = ProgressTable.Outstanding.values().length;
        for (int i = 0; i < configs.size(); i++) {
            JobConfig c = configs.get(i);
            boolean whole = Jobs.FULL || isDefault(c);
            for (ProgressTable.Outstanding op : ProgressTable.Outstanding.values()) {
                // a quick run takes one column per other configuration, a different one on each
                if (!whole && op.ordinal() != i % columns) continue;
                for (ProgressTable.Call call : ProgressTable.Call.values()) {
                    out.add(Arguments.of(c, call, op, false));
                }
            }
        }
        return out.stream();
    }

    /** The calls that begin with nothing outstanding, the operation started by another thread meanwhile. */
    static Stream<Arguments> cellsStartedDuring() {
        List<Arguments> out = new ArrayList<>();
        List<JobConfig> configs = Jobs.configs(ProgressTable.RANKS).toList();
        for (JobConfig c : configs) {
            if (!Jobs.FULL && !isDefault(c)) continue;
            for (ProgressTable.Outstanding op : ProgressTable.Outstanding.values()) {
                if (!Jobs.FULL && op != ProgressTable.Outstanding.IBARRIER && op != ProgressTable.Outstanding.IDUP) {
                    continue;
                }
                for (ProgressTable.Call call : ProgressTable.Call.values()) {
                    if (call != ProgressTable.Call.FINALIZE) out.add(Arguments.of(c, call, op, true));
                }
            }
        }
        return out.stream();
    }

    private static boolean isDefault(JobConfig c) {
        return c.granularity() == Granularity.LOCK_FREE && c.matching() == MatchingKind.QUEUES;
    }

    @ParameterizedTest(name = "{1} x {2} on {0}")
    @MethodSource("cells")
    void everyCallThatWaitsOrTestsProgressesTheOutstandingOperation(JobConfig c, ProgressTable.Call call,
                                                                     ProgressTable.Outstanding op, boolean during) {
        if (call == ProgressTable.Call.FINALIZE) {
            QuiescenceCheck.exempt(FINALIZED_UNWAITED, Quiescence.Invariant.COMMUNICATORS);
        }
        ProgressTable.run(c, call, op, during, CELL_DEADLINE, null);
    }

    /**
     * A call that began while nothing was outstanding (a point-to-point wait) moves an operation that another
     * thread of its rank starts while it waits: the start wakes it, and it waits polling from then on.
     */
    @ParameterizedTest(name = "{1} x {2} on {0}")
    @MethodSource("cellsStartedDuring")
    void aCallAlreadyWaitingProgressesAnOperationStartedMeanwhile(JobConfig c, ProgressTable.Call call,
                                                                  ProgressTable.Outstanding op, boolean during) {
        ProgressTable.run(c, call, op, during, CELL_DEADLINE, null);
    }

    /** Runs every row of one column, in the table's order, stopping at the first failure. */
    private static void column(ProgressTable.Outstanding op, Function<RankContext, ProgressRule> progress) {
        for (ProgressTable.Call call : ProgressTable.Call.values()) {
            ProgressTable.run(JobConfig.of(ProgressTable.RANKS).withErrorHandler(ErrorHandler.ERRORS_RETURN), call,
                    op, false, TWIN_DEADLINE, progress);
        }
    }

    /**
     * Why a FINALIZE row leaves references: the program is erroneous (it never waits on the operation it
     * started), finalize completes the operation, and its request, never waited on or freed, keeps the
     * reference to its communicator that a wait or a free would release.
     */
    static final String FINALIZED_UNWAITED = "finalize completed an operation the program never waited on; its "
            + "request, never released, keeps its communicator's reference";

    /** The table rejects a probe that waits without polling, at its PROBE row (its rows before pass). */
    @TwinTest
    @LeavesOutstanding(value = "the twin's job hangs on purpose and its deadline ends it with its operation and"
            + " receives outstanding; the real engine's run ends with the FINALIZE row's unwaited request",
            invariants = {UNEXPECTED_BUDGET, MATCHING, POOLS, PROGRESS, COMMUNICATORS})
    void theTableRejectsAProbeThatDoesNotPoll() {
        Throwable e = KnownBad.<Function<RankContext, ProgressRule>>assertCheckRejects("UnpolledProbeProgressEngine", p -> column(ProgressTable.Outstanding.IBARRIER, p),
                ProgressEngine::new, UnpolledProbeProgressEngine::new);
        assertTrue(e.getMessage().startsWith("PROBE x IBARRIER") && e.getMessage().contains("hung"), e.getMessage());
    }

    /** The table rejects a test that does not poll, at its first loop of tests or probes (IPROBE). */
    @TwinTest
    @LeavesOutstanding(value = "the twin's job hangs on purpose and its deadline ends it with its operation and"
            + " receives outstanding; the real engine's run ends with the FINALIZE row's unwaited request",
            invariants = {UNEXPECTED_BUDGET, MATCHING, POOLS, PROGRESS, COMMUNICATORS})
    void theTableRejectsATestThatDoesNotPoll() {
        Throwable e = KnownBad.<Function<RankContext, ProgressRule>>assertCheckRejects("UnpolledTestProgressEngine", p -> column(ProgressTable.Outstanding.IBARRIER, p),
                ProgressEngine::new, UnpolledTestProgressEngine::new);
        assertTrue(e.getMessage().startsWith("IPROBE x IBARRIER") && e.getMessage().contains("hung"), e.getMessage());
    }

    /** Every public call of the API is a row, a column, or exempt with the reason it never waits. */
    @Test
    void theTableHasNoHole() {
        Set<String> rows = new TreeSet<>();
        for (ProgressTable.Call call : ProgressTable.Call.values()) rows.add(call.method);
        Set<String> columns = new TreeSet<>(ProgressTable.FIRST_STEP_ONLY.keySet());
        for (ProgressTable.Outstanding op : ProgressTable.Outstanding.values()) {
            columns.add(op.name().toLowerCase().replace("_", ""));
        }
        List<String> holes = new ArrayList<>();
        Set<String> seen = new TreeSet<>();
        for (Class<?> api : List.of(Comm.class, Request.class, Message.class, Mpi.class)) {
            for (Method m : api.getDeclaredMethods()) {
                if (!Modifier.isPublic(m.getModifiers()) || m.isSynthetic()) continue;
                String name = api.getSimpleName() + "." + m.getName();
                seen.add(name);
                boolean row = rows.contains(m.getName()) && api != Message.class;
                boolean column = api == Comm.class && columns.contains(m.getName().toLowerCase());
                if (!row && !column && !ProgressTable.EXEMPT.containsKey(name)) {
                    holes.add(name);
                }
            }
        }
        assertEquals(List.of(), holes, "public calls neither a row, a column nor exempt (add each to ProgressTable)");
        for (String exempt : ProgressTable.EXEMPT.keySet()) {
            assertTrue(seen.contains(exempt), "exempt but not a public call: " + exempt);
        }
        for (String row : rows) {
            assertTrue(seen.stream().anyMatch(s -> s.endsWith("." + row)), "a row that is not a public call: " + row);
        }
    }

    /**
     * The columns left out of the table really need no later step of rank 0: rank 0 starts each and makes no
     * MPI call until every other rank's request of it has completed (the root at rank 0 and elsewhere).
     */
    @ParameterizedTest
    @ValueSource(ints = {0, 2})
    void noOtherRankWaitsForRankZerosLaterStepsOfTheLinearCollectives(int root) {
        int n = ProgressTable.RANKS;
        CountDownLatch othersDone = new CountDownLatch(n - 1);
        Jobs.ok(n, mpi -> {
            mpi.initThread(ThreadLevel.MULTIPLE);
            Comm w = mpi.commWorld();
            int me = w.rank();
            int[] counts = {1, 1, 1, 1}, displs = {0, 1, 2, 3};
            int[] all = new int[n], mine = {me}, toAll = {me, me, me, me};
            Request[] rs = {
                w.igather(mine, 0, 1, Datatype.INT, all.clone(), 0, 1, Datatype.INT, root),
                w.igatherv(mine, 0, 1, Datatype.INT, all.clone(), 0, counts, displs, Datatype.INT, root),
                w.iscatter(all.clone(), 0, 1, Datatype.INT, new int[1], 0, 1, Datatype.INT, root),
                w.iscatterv(all.clone(), 0, counts, displs, Datatype.INT, new int[1], 0, 1, Datatype.INT, root),
                w.ialltoall(toAll, 0, 1, Datatype.INT, all.clone(), 0, 1, Datatype.INT)};
            assertEquals(ProgressTable.FIRST_STEP_ONLY.size(), rs.length);
            if (me == 0) {
                assertTrue(othersDone.await(30, TimeUnit.SECONDS),
                        "another rank waited for rank 0 after its first step\n" + Job.threadDump());
            } else {
                Request.waitAll(rs);
                othersDone.countDown();
                return;
            }
            Request.waitAll(rs);
        });
    }
}
