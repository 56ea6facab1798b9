package org.mpiverify.mutate.race;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.mpiverify.mutate.Component;
import org.mpiverify.mutate.RaceStage;
import org.mpiverify.testkit.ThreadDumpOnFailure;

/**
 * The race detector against programs whose races are known: each correct fixture must run clean and
 * its known-bad twin, the same program with its synchronisation weakened, must be reported (so the
 * detector can fail); and the core's own jcstress tests, unmutated, must run clean (the baseline the
 * mutation stage compares against has nothing to hide behind).
 */
@ExtendWith(ThreadDumpOnFailure.class)
@Timeout(value = 2, unit = TimeUnit.MINUTES)
class HappensBeforeTest {
    private static final String FIXTURES = "org.mpiverify.mutate.race.fixtures.";

    private static Map<String, String> races(String fixture) throws Exception {
        ClassLoader loader = new RaceClassLoader(HappensBeforeTest.class.getClassLoader(), null, List.of(FIXTURES), List.of());
        HappensBefore.reset();
        HappensBefore.clearRaces();
        assertEquals("DONE", RaceHarness.run(loader.loadClass(FIXTURES + "Publications$" + fixture), 30), fixture);
        return HappensBefore.races();
    }

    private static void clean(String fixture) throws Exception {
        Map<String, String> r = races(fixture);
        assertEquals(Map.of(), r, fixture + " is correctly synchronised, yet races were reported");
    }

    private static void racy(String twin, String variable) throws Exception {
        Map<String, String> r = races(twin);
        assertTrue(r.keySet().stream().anyMatch(k -> k.startsWith(FIXTURES + "Publications$" + variable)),
                twin + ": expected a race on " + variable + ", got " + r);
    }

    @Test
    void aVolatileFlagPublishesAndAPlainOneRaces() throws Exception {
        clean("VolatileFlag");
        racy("PlainFlagTwin", "PlainFlagTwin.ready");
    }

    @Test
    void aReleaseStoreOrdersAndAPlainVarHandleSetRaces() throws Exception {
        clean("ReleaseAcquire");
        racy("PlainSetTwin", "ReleaseAcquire.ready");
    }

    @Test
    void aCasLockGuardsItsSectionAndAPlainUnlockRaces() throws Exception {
        clean("SpinLockCounter");
        racy("PlainUnlockTwin", "SpinLockCounter.");
    }

    @Test
    void monitorsLocksAndArraysAreSeen() throws Exception {
        clean("Locked");
        Map<String, String> r = races("UnlockedTwin");
        assertTrue(r.keySet().stream().anyMatch(k -> k.startsWith(FIXTURES + "Publications$UnlockedTwin.count")), r.toString());
        assertTrue(r.keySet().stream().anyMatch(k -> k.startsWith("int[1]")), r.toString());
    }

    @Test
    void anAtomicsGetOrdersAndItsPlainGetRaces() throws Exception {
        clean("AtomicFlag");
        Map<String, String> r = races("AtomicPlainGetTwin");
        assertTrue(r.keySet().stream().anyMatch(k -> k.startsWith("AtomicInteger.value")), r.toString());
    }

    @Test
    void aThreadSeesWhatWasWrittenBeforeItsStartAndItsJoinerWhatItWrote() throws Exception {
        clean("StartJoin");
        racy("WriteAfterStartTwin", "WriteAfterStartTwin.input");
        racy("ReadBeforeJoinTwin", "ReadBeforeJoinTwin.output");
    }

    @Test
    void synchronizedMethodsGuardLikeMonitors() throws Exception {
        clean("SynchronizedMethods");
        racy("UnsynchronizedMethodTwin", "SynchronizedMethods.count");
    }

    @Test
    void anIsAliveThatSawTheEndOrdersLikeAJoin() throws Exception {
        clean("IsAliveFalse");
        racy("IsAliveTrueTwin", "IsAliveTrueTwin.output");
    }

    @Test
    void aVirtualThreadsBuilderStartAndATimedJoinOrderOnlyWhenTheJoinSawTheEnd() throws Exception {
        clean("VirtualStartJoin");
        racy("TimedOutJoinTwin", "TimedOutJoinTwin.output");
    }

    @Test
    void anExecutorsTaskSeesItsSubmitterAndItsFuturesGetSeesTheTask() throws Exception {
        clean("ExecutorHandOff");
        racy("ReadBeforeGetTwin", "ReadBeforeGetTwin.output");
    }

    @Test
    void aRaceNamesBothSides() throws Exception {
        races("ReadBeforeJoinTwin");
        Map<String, HappensBefore.Report> reports = HappensBefore.reports();
        HappensBefore.Report r = reports.values().stream().filter(x -> x.variable().endsWith("ReadBeforeJoinTwin.output"))
                .findFirst().orElseThrow(() -> new AssertionError("no race on output: " + reports));
        List<String> methods = List.of(r.first().site().method(), r.second().site().method());
        assertTrue(methods.contains("parent") && methods.stream().anyMatch(m -> m.startsWith("lambda$")), r.toString());
        assertTrue(r.first().thread() != r.second().thread(), r.toString());
        assertTrue(r.sites().contains(" <> "), r.sites());
    }

    @Test
    void theUnmutatedCoreRunsItsJcstressTestsAndScenariosWithoutARace() throws Exception {
        ClassLoader loader = new RaceClassLoader(HappensBeforeTest.class.getClassLoader(), null);
        HappensBefore.reset();
        HappensBefore.clearRaces();
        List<String> tests = new ArrayList<>();
        for (Component c : Component.all()) if (c.race() != null) tests.addAll(RaceStage.tests(c));
        assertTrue(tests.size() >= 25, "the core's jcstress tests and the detector's scenarios: " + tests);
        for (String t : tests) assertEquals("DONE", RaceHarness.run(loader.loadClass(t), 30), t);
        assertEquals(Map.of(), HappensBefore.races());
    }
}
