package org.mpiverify.mpi;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.mpiverify.testkit.KnownBad;
import org.mpiverify.testkit.ThreadDumpOnFailure;
import org.mpiverify.testkit.TwinTest;
import org.mpiverify.testkit.twins.TwinClassLoader;

/**
 * MPI_Abort, and a job's deadline, end every blocked call promptly with ERR_ABORTED, whichever point of its wait
 * the abort lands at: each wait of the core ({@link AbortAtEveryPoint}: receives, probes, waitAny, the progress engine's poller
 * and standby roles, a blocking barrier) is aborted, by injection, before it registers, between its look and
 * its park, while parked and while waking. And a standby waiter whose poller leaves just before it registers
 * still completes. Each of these checks rejects a known-bad twin that gets the order of a wait wrong
 * ({@code twins/patches/impl}): a park that looks before it registers, a standby that parks without looking again
 * for a poller, a progress-engine park outside the rank's registry.
 */
@ExtendWith(ThreadDumpOnFailure.class)
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class AbortAtEveryPointTest {
    static Stream<String> waits() {
        return Stream.of("completion", "eventCount", "registry", "poller", "standby", "collective", "standbyHandOff");
    }

    @ParameterizedTest
    @MethodSource("waits")
    void everyWaiterReturnsAbortedFromEveryPoint(String wait) throws Throwable {
        List<String> failures = failures(QuiescenceTwinsTest.core(), wait);
        assertTrue(failures.isEmpty(), String.join("\n", failures));
    }

    /** A known-bad twin, the wait whose check must reject it, and what the rejection must name. */
    record Case(String twin, String entry, String names) {
        @Override
        public String toString() {
            return entry + " rejects " + twin;
        }
    }

    static Stream<Case> twins() {
        return Stream.of(
                new Case("LookBeforeRegisterCompletion", "completion", "COMPLETION BEFORE_REGISTRATION: recv-"),
                new Case("LookBeforeRegisterEventCount", "eventCount", "EVENT_COUNT BEFORE_REGISTRATION: probe-"),
                new Case("LookBeforeRegisterRankContext", "registry", "REGISTRY BEFORE_REGISTRATION: waitAny-"),
                new Case("UnregisteredParkProgressEngine", "poller", "POLLER BEFORE_REGISTRATION: ibarrier-wait"),
                new Case("NoPollerRecheckProgressEngine", "standbyHandOff", "STANDBY BEFORE_REGISTRATION: B's ibarrier"));
    }

    @ParameterizedTest
    @MethodSource("twins")
    @Tag(TwinTest.TAG)
    void eachCheckRejectsItsTwin(Case c) throws Exception {
        Throwable rejected = KnownBad.assertCheckRejects(c.twin(), loader -> {
            List<String> f = failures(loader, c.entry());
            assertTrue(f.isEmpty(), String.join("\n", f));
        }, QuiescenceTwinsTest.core(), QuiescenceTwinsTest.coreWith(c.twin()));
        // Either variant may be the one that catches the twin first: MPI_Abort at the point, or the deadline's.
        assertTrue(rejected.getMessage().replace(" at the deadline:", ":").contains(c.names()), rejected.getMessage());
    }

    @SuppressWarnings("unchecked")
    private static List<String> failures(TwinClassLoader loader, String wait) throws Throwable {
        return (List<String>) loader.call(AbortAtEveryPoint.class.getName(), wait);
    }
}
