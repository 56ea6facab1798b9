package org.mpiverify.mutate;

import java.util.List;
import java.util.Map;

/**
 * A part of the core and the suites that check it: the classes mutated (optionally only some methods
 * of a class), and the JUnit, Lincheck and jcstress suites run against each mutant. Suites are those
 * "close to where the code lives": the component's own package's tests, not the end-to-end ones.
 *
 * @param jcstress regex of jcstress test names (never a known-bad twin), or null if none applies
 * @param race     regex of the jcstress tests the race detector runs, or null: the detector instruments the
 *                 core's packages ({@code org.mpiverify.core}) only, so a test that drives the {@code mpi}
 *                 package (the progress engine's races) cannot link against its instrumented core
 */
public record Component(String name, List<String> classes, Map<String, String> methods, List<String> junit,
                        List<String> lincheck, String jcstress, String race) {

    /** A component whose race detector runs its jcstress tests. */
    public Component(String name, List<String> classes, Map<String, String> methods, List<String> junit,
                     List<String> lincheck, String jcstress) {
        this(name, classes, methods, junit, lincheck, jcstress, jcstress);
    }

    /**
     * The components of the 95 % target: the core's concurrent packages, the nonblocking collectives' schedules,
     * the buffers' budget and packet pool, the attribute and info lists, the attached buffer of buffered sends, the
     * freeable handles' use count with the derived datatypes and user ops it guards, the bit-vector scheduler, the concurrent classes of the {@code mpi} package (progress engine,
     * requests, a rank's waits, endpoints) and the communicator's reference counts. Each runs the suites the
     * traceability table (docs/traceability.json) names for its classes, known-bad twins excepted.
     */
    public static List<Component> all() {
        return List.of(
                new Component("core.sync",
                        List.of("org.mpiverify.core.sync.BlockedThreads", "org.mpiverify.core.sync.BlockedThreads$*",
                                "org.mpiverify.core.sync.CriticalSections", "org.mpiverify.core.sync.CriticalSections$*",
                                "org.mpiverify.core.sync.EventCount", "org.mpiverify.core.sync.SerializedCallDetector",
                                "org.mpiverify.core.sync.SpinGate", "org.mpiverify.core.sync.SpinThenParkLock",
                                "org.mpiverify.core.sync.WaitPolicy"),
                        Map.of(),
                        List.of("org.mpiverify.core.sync.*Test", "org.mpiverify.mpi.LockCountTable1Test",
                                "org.mpiverify.mpi.ThreadLevelTest"),
                        List.of("org.mpiverify.lincheck.core.sync.*Test"),
                        "^org\\.mpiverify\\.jcstress\\.core\\.sync\\.[A-Za-z]+Race$"),
                new Component("core.request",
                        List.of("org.mpiverify.core.request.*", "org.mpiverify.mpi.SomeCompletions",
                                "org.mpiverify.mpi.SomeCompletions$*", "org.mpiverify.mpi.PersistentRequest",
                                "org.mpiverify.mpi.PersistentRequest$*"),
                        Map.of(),
                        List.of("org.mpiverify.core.request.*Test", "org.mpiverify.mpi.RequestKindsTest"),
                        List.of("org.mpiverify.lincheck.core.request.*Test"),
                        "^org\\.mpiverify\\.jcstress\\.core\\.request\\.[A-Za-z]+Race$"),
                new Component("core.matching",
                        List.of("org.mpiverify.core.matching.*"),
                        Map.of(),
                        List.of("org.mpiverify.core.matching.*Test", "org.mpiverify.core.matching.*Tests*"),
                        List.of("org.mpiverify.lincheck.core.matching.*Test"),
                        "^org\\.mpiverify\\.jcstress\\.core\\.matching\\.[A-Za-z]+Race$"),
                new Component("core.contextid",
                        List.of("org.mpiverify.core.contextid.MultithreadedContextIdAllocator",
                                "org.mpiverify.core.contextid.MultithreadedContextIdAllocator$*",
                                "org.mpiverify.core.contextid.MaskContextIdAllocator",
                                "org.mpiverify.core.contextid.ContextIdMask", "org.mpiverify.core.contextid.ContextIdKey",
                                "org.mpiverify.core.contextid.ContextIdAlgorithm",
                                "org.mpiverify.core.contextid.NonblockingContextIdAllocation",
                                "org.mpiverify.core.contextid.NonblockingContextIdAllocation$*"),
                        Map.of(),
                        List.of("org.mpiverify.core.contextid.*Test", "org.mpiverify.mpi.IdupTest"),
                        List.of("org.mpiverify.lincheck.core.contextid.*Test"),
                        "^org\\.mpiverify\\.jcstress\\.core\\.contextid\\.[A-Za-z]+Race$"),
                new Component("core.coll",
                        List.of("org.mpiverify.core.coll.Schedule", "org.mpiverify.core.coll.StepSchedule",
                                "org.mpiverify.core.coll.StepSchedule$*", "org.mpiverify.core.coll.AllreduceSchedule",
                                "org.mpiverify.core.coll.NonblockingCollectives", "org.mpiverify.core.coll.NonblockingCollectives$*"),
                        Map.of(),
                        // not ReductionsTest: Reductions is not mutated here, and its NaN-payload test depends on
                        // how the JIT orders a floating-point sum, which PIT's instrumented minion changes
                        List.of("org.mpiverify.core.coll.CollectivesTest", "org.mpiverify.core.coll.BackToBackTest",
                                "org.mpiverify.core.coll.CollectiveErrorsTest", "org.mpiverify.core.coll.VectorArgumentsCopiedTest",
                                "org.mpiverify.mpi.NonblockingCollectivesTest",
                                "org.mpiverify.mpi.ProgressEngineWakeRoutingTest", "org.mpiverify.mpi.CommunicatorTest",
                                "org.mpiverify.mpi.IallreduceRendezvousTest"),
                        List.of("org.mpiverify.lincheck.core.coll.*Test"),
                        "^org\\.mpiverify\\.jcstress\\.(core\\.coll|mpi)\\.[A-Za-z]+Race$",
                        "^org\\.mpiverify\\.jcstress\\.core\\.coll\\.[A-Za-z]+Race$"),
                new Component("core.buffer",
                        List.of("org.mpiverify.core.buffer.UnexpectedBudget", "org.mpiverify.core.buffer.PacketPool"),
                        Map.of(),
                        List.of("org.mpiverify.core.buffer.*Test", "org.mpiverify.mpi.UnexpectedFloodTest",
                                "org.mpiverify.mpi.UnexpectedBudgetAtQuiescenceTest"),
                        List.of("org.mpiverify.lincheck.core.buffer.*Test"),
                        null),
                new Component("core.attr",
                        List.of("org.mpiverify.core.attr.KeyedList", "org.mpiverify.core.attr.KeyedList$*",
                                "org.mpiverify.mpi.Keyval", "org.mpiverify.mpi.Keyval$*",
                                "org.mpiverify.mpi.CommAttributes", "org.mpiverify.mpi.CommAttributes$*",
                                "org.mpiverify.mpi.Info", "org.mpiverify.mpi.Info$*"),
                        Map.of(),
                        List.of("org.mpiverify.mpi.AttributesTest", "org.mpiverify.mpi.InfoTest"),
                        List.of("org.mpiverify.lincheck.core.attr.*Test"),
                        "^org\\.mpiverify\\.jcstress\\.core\\.attr\\.[A-Za-z]+Race$"),
                new Component("core.bsend",
                        List.of("org.mpiverify.core.bsend.AttachedBuffer", "org.mpiverify.core.bsend.AttachedBuffer$*",
                                "org.mpiverify.mpi.BufferedSends", "org.mpiverify.mpi.BufferedSends$*"),
                        Map.of(),
                        List.of("org.mpiverify.mpi.BufferedSendsTest"),
                        List.of("org.mpiverify.lincheck.core.bsend.*Test"),
                        "^org\\.mpiverify\\.jcstress\\.core\\.bsend\\.[A-Za-z]+Race$"),
                new Component("core.handle",
                        List.of("org.mpiverify.core.handle.UseCount", "org.mpiverify.core.handle.UseCount$*",
                                "org.mpiverify.core.buffer.TypeLayout", "org.mpiverify.core.buffer.TypeLayout$*",
                                "org.mpiverify.mpi.DerivedDatatype", "org.mpiverify.mpi.DerivedDatatype$*",
                                "org.mpiverify.mpi.UserOp", "org.mpiverify.mpi.UserOp$*",
                                "org.mpiverify.mpi.DerivedCalls", "org.mpiverify.mpi.DerivedCalls$*",
                                "org.mpiverify.mpi.DerivedCollectives", "org.mpiverify.mpi.DerivedCollectives$*"),
                        Map.of(),
                        List.of("org.mpiverify.mpi.DerivedDatatypeTest", "org.mpiverify.mpi.UserOpTest",
                                "org.mpiverify.mpi.DerivedUserOpTest", "org.mpiverify.mpi.DerivedModesTest",
                                "org.mpiverify.core.handle.UseCountAddUseTest", "org.mpiverify.mpi.DerivedCollectivesTest",
                                // its child JVM of 48 MiB is where receives are refused: the forked JUnit stage
                                "org.mpiverify.mpi.HeapLimitTest"),
                        List.of("org.mpiverify.lincheck.core.handle.*Test"),
                        "^org\\.mpiverify\\.jcstress\\.core\\.handle\\.[A-Za-z]+Race$"),
                // not MillionThreadsTest: a million parked threads per mutant, as for mpi.progress
                new Component("core.sched",
                        List.of("org.mpiverify.core.sched.ReadyBitVector", "org.mpiverify.core.sched.ReadyBitVector$*",
                                "org.mpiverify.core.sched.BitVectorWorker", "org.mpiverify.core.sched.BitVectorWorker$*",
                                "org.mpiverify.core.sched.IdleHandshake", "org.mpiverify.core.sched.IdleHandshake$*",
                                "org.mpiverify.core.sched.DangScheduler", "org.mpiverify.core.sched.DangScheduler$*"),
                        Map.of(),
                        List.of("org.mpiverify.core.sched.*Test", "org.mpiverify.mpi.DangSchedulerJobTest"),
                        List.of("org.mpiverify.lincheck.core.sched.*Test"),
                        "^org\\.mpiverify\\.jcstress\\.core\\.sched\\.[A-Za-z]+Race$"),
                new Component("mpi.progress",
                        List.of("org.mpiverify.mpi.ProgressEngine", "org.mpiverify.mpi.ProgressEngine$*",
                                "org.mpiverify.mpi.Request", "org.mpiverify.mpi.Request$*",
                                "org.mpiverify.mpi.RankContext", "org.mpiverify.mpi.RankContext$*",
                                "org.mpiverify.mpi.Endpoint", "org.mpiverify.mpi.Endpoint$*"),
                        Map.of(),
                        List.of("org.mpiverify.mpi.NonblockingCollectivesTest", "org.mpiverify.mpi.ProgressEngineWakeRoutingTest",
                                "org.mpiverify.mpi.PointToPointTest", "org.mpiverify.mpi.BlockedCallsTest",
                                "org.mpiverify.mpi.ErroneousProgramsTest", "org.mpiverify.mpi.UnexpectedFloodTest",
                                "org.mpiverify.mpi.ThreadLevelTest", "org.mpiverify.mpi.CommunicatorTest",
                                "org.mpiverify.mpi.IdupTest", "org.mpiverify.mpi.UnexpectedBudgetAtQuiescenceTest",
                                "org.mpiverify.mpi.BlockingProbeReferencesTest", "org.mpiverify.mpi.RequestPoolReuseTest"),
                        List.of("org.mpiverify.lincheck.mpi.*Test"),
                        "^org\\.mpiverify\\.jcstress\\.mpi\\.[A-Za-z]+Race$", null),
                new Component("mpi.refcounts",
                        List.of("org.mpiverify.mpi.Comm"),
                        Map.of("org.mpiverify.mpi.Comm", "retainRef,releaseRef,free"),
                        List.of("org.mpiverify.mpi.CommunicatorTest"),
                        List.of("org.mpiverify.lincheck.mpi.CommRefCountLinearizabilityTest"),
                        null));
    }

    /** True if this component mutates the class (a pattern {@code p.*} or {@code C$*} matches by prefix). */
    public boolean mutates(String className) {
        for (String pattern : classes) {
            boolean prefix = pattern.endsWith("*");
            if (prefix ? className.startsWith(pattern.substring(0, pattern.length() - 1)) : className.equals(pattern)) {
                return true;
            }
        }
        return false;
    }

    /** The suite a killing test belongs to: Lincheck or JUnit (jcstress kills are recorded by its own stage). */
    public static String suiteOf(String test) {
        return test.startsWith("org.mpiverify.lincheck.") ? "Lincheck" : "JUnit";
    }
}
