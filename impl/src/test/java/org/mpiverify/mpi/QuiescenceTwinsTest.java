package org.mpiverify.mpi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.mpiverify.mpi.Quiescence.Invariant;
import org.mpiverify.testkit.KnownBad;
import org.mpiverify.testkit.TwinTest;
import org.mpiverify.testkit.twins.TwinClassLoader;
import org.mpiverify.testkit.twins.TwinCompiler;
import org.mpiverify.testkit.twins.TwinHome;
import org.mpiverify.testkit.twins.TwinPatch;

/**
 * Every invariant of {@link Quiescence} can fail: each is seen violated after a job run with a known-bad
 * twin of a core class in place of the original ({@code twins/patches/impl}: a leak on one path of that
 * class), and seen to hold after the same program on the real core. The programs are
 * {@link QuiescenceScenarios}; a {@link TwinClassLoader} loads the core again with the twin under the
 * original's name, since the core makes these objects itself deep inside a job.
 */
class QuiescenceTwinsTest {
    private static final String SCENARIOS = QuiescenceScenarios.class.getName();

    /** A twin (its patch in {@code twins/patches/impl}), the scenario that takes its leaky path, and the invariant that must catch it. */
    record Case(String twin, String scenario, Invariant invariant) {
        @Override
        public String toString() {
            return invariant + " rejects " + twin;
        }
    }

    static Stream<Case> cases() {
        return Stream.of(
                new Case("OverheadKeptUnexpectedBudget", "unexpectedMessagesTakenOutOfOrder", Invariant.UNEXPECTED_BUDGET),
                new Case("UncountedTakeContextQueues", "unexpectedMessagesTakenOutOfOrder", Invariant.MATCHING),
                new Case("TruncationKeepsPacketSendEnvelope", "truncatedEagerMessage", Invariant.POOLS),
                new Case("DoneKeepsWaiterCompletion", "waitAnyWokenByItsReceive", Invariant.REQUESTS),
                new Case("AbortKeepsRegistrationCompletion", "abortEndsAParkedReceive", Invariant.WAITERS),
                new Case("AbortKeepsSleeperEventCount", "abortEndsAParkedProbe", Invariant.WAITERS),
                new Case("AbortKeepsPollerProgressEngine", "abortEndsAWaitOnAnIbarrier", Invariant.WAITERS),
                new Case("StaleDoneSchedule", "iallreduceFinishedByAWait", Invariant.PROGRESS),
                new Case("FailureKeepsReferenceSchedule", "idupOutOfContextIds", Invariant.COMMUNICATORS),
                new Case("UndefinedColourKeepsIdCommunicatorCreation", "splitWithAnUndefinedColour", Invariant.CONTEXT_IDS));
    }

    /** The core loaded again (so a scenario may use the job observer freely), as it is; one copy for every scenario. */
    static TwinClassLoader core() {
        return RealCore.LOADER;
    }

    private static final class RealCore {
        static final TwinClassLoader LOADER = new TwinClassLoader(QuiescenceTwinsTest.class.getClassLoader(),
                List.of("org.mpiverify."), List.of("org.mpiverify.testkit."), Map.of());
    }

    /**
     * The core loaded again with the twin of {@code twins/patches/impl/NAME.patch} in its original's place: the class
     * the build compiled under the twin's name, or, for a twin that keeps its original's name, compiled now.
     */
    static TwinClassLoader coreWith(String twin) throws Exception {
        Path root = Twins.repositoryRoot();
        Path patchFile = TwinHome.patch("impl", twin);
        TwinPatch p = TwinPatch.read(patchFile);
        String original = p.original().substring(p.original().indexOf("/java/") + "/java/".length())
                .replace(".java", "").replace('/', '.');
        if (p.keepsName()) {
            Path mainClasses = Path.of(Job.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            Path classes = TwinCompiler.classesOf(root, patchFile, List.of(mainClasses),
                    mainClasses.resolveSibling("compiled-twins"));   // target/compiled-twins: kept until the classes change
            return new TwinClassLoader(QuiescenceTwinsTest.class.getClassLoader(), List.of("org.mpiverify."),
                    List.of("org.mpiverify.testkit."), Map.of(), List.of(classes));
        }
        return new TwinClassLoader(QuiescenceTwinsTest.class.getClassLoader(), List.of("org.mpiverify."),
                List.of("org.mpiverify.testkit."), Map.of(original, p.twinPackage() + "." + p.twinName()));
    }

    @SuppressWarnings("unchecked")
    private static List<String> violations(TwinClassLoader loader, String scenario) throws Throwable {
        return (List<String>) loader.call(SCENARIOS, scenario);
    }

    /** The invariant holds after the scenario (its violations are listed in the failure). */
    private static void holds(Case c, TwinClassLoader loader) throws Throwable {
        List<String> v = violations(loader, c.scenario());
        assertTrue(v.stream().noneMatch(s -> s.startsWith(c.invariant().name() + " ")),
                c.scenario() + " violates " + c.invariant() + ":\n  " + String.join("\n  ", v));
    }

    @ParameterizedTest
    @MethodSource("cases")
    @Tag(TwinTest.TAG)
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void eachInvariantRejectsItsLeakyTwin(Case c) throws Exception {
        Throwable rejected = KnownBad.assertCheckRejects(c.twin(), x -> holds(c, x), core(), coreWith(c.twin()));
        assertTrue(rejected.getMessage().contains("violates " + c.invariant()), rejected.toString());
    }

    /** On the real core every scenario leaves its job quiescent: no invariant is violated at all. */
    @ParameterizedTest
    @MethodSource("scenarios")
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void everyScenarioLeavesTheRealCoreQuiescent(String scenario) throws Throwable {
        assertEquals(List.of(), violations(core(), scenario));
    }

    static Stream<String> scenarios() {
        return cases().map(Case::scenario).distinct();
    }
}
