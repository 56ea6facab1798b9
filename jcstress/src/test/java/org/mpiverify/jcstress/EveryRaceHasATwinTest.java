package org.mpiverify.jcstress;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;

/**
 * Every jcstress test of the jar has a known-bad twin that the jar also runs, so that {@link JCStressSuiteIT}
 * can show the test able to fail: the twin of {@code p.Race} is {@code p.twins.RaceBrokenTwin}, and the twin of a
 * nested test {@code p.Race.Variant} is {@code p.twins.RaceBrokenTwin.Variant}. The names come from the jar's
 * test list (jcstress's annotation processor writes one entry per {@code @JCStressTest}), so a race added without
 * its twin fails here, in the quick unit tests, not only when somebody reads the meta-test's table.
 *
 * <p>The variants left without a twin are named in {@link #WITHOUT_TWIN} with the reason; an entry that no longer
 * names a test, or whose test has since gained a twin, fails too, so the list cannot go stale.
 */
class EveryRaceHasATwinTest {
    /** Tests that have no twin of their own, and why. */
    static final Map<String, String> WITHOUT_TWIN = Map.of(
            "org.mpiverify.jcstress.mpi.PayloadPublicationRace.RendezvousQueues",
            "the twin's defect is in the test's own receiver (the core's delivery runs in a job, which cannot run a twin "
                    + "class), the same in every variant: EagerQueues's twin stands for the three",
            "org.mpiverify.jcstress.mpi.PayloadPublicationRace.RendezvousHashTable",
            "as RendezvousQueues");

    @Test
    void everyJcstressTestHasABrokenTwinInTheJar() throws Exception {
        Set<String> tests = new LinkedHashSet<>(JCStressSuiteIT.testList());
        assertFalse(tests.isEmpty(), "the jar's test list is empty");
        List<String> problems = new ArrayList<>();
        for (String test : tests) {
            if (isTwin(test)) continue;
            boolean hasTwin = tests.contains(twinOf(test));
            boolean exempt = WITHOUT_TWIN.containsKey(test);
            if (!hasTwin && !exempt) {
                problems.add(test + " has no known-bad twin: expected " + twinOf(test)
                        + " (a patch in twins/patches/jcstress, see CONTRIBUTING.md \"Add a known-bad twin\")");
            } else if (hasTwin && exempt) {
                problems.add(test + " now has its twin " + twinOf(test) + ": remove it from WITHOUT_TWIN");
            }
        }
        for (String exempt : WITHOUT_TWIN.keySet()) {
            if (!tests.contains(exempt)) problems.add("WITHOUT_TWIN names " + exempt + ", which is no test of the jar");
        }
        assertEquals(List.of(), problems);
    }

    @Test
    void twinNamesFollowTheRaceNames() {
        assertEquals("org.mpiverify.jcstress.core.request.twins.CompletionSignalVsParkRaceBrokenTwin",
                twinOf("org.mpiverify.jcstress.core.request.CompletionSignalVsParkRace"));
        assertEquals("org.mpiverify.jcstress.core.matching.twins.ReceiveCancelVsMatchRaceBrokenTwin.Queues",
                twinOf("org.mpiverify.jcstress.core.matching.ReceiveCancelVsMatchRace.Queues"));
    }

    /** A test in a {@code twins} package, or named as a twin. */
    static boolean isTwin(String test) {
        return test.contains(".twins.") || test.contains("BrokenTwin");
    }

    /** The twin's name: the top-level class (the first segment that starts upper case) moved into {@code twins}. */
    static String twinOf(String test) {
        String[] parts = test.split("\\.");
        StringBuilder twin = new StringBuilder();
        boolean done = false;
        for (String part : parts) {
            if (!twin.isEmpty()) twin.append('.');
            if (!done && Character.isUpperCase(part.charAt(0))) {
                twin.append("twins.").append(part).append("BrokenTwin");
                done = true;
            } else {
                twin.append(part);
            }
        }
        return twin.toString();
    }
}
