package org.mpiverify.harness.nativempi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.mpiverify.harness.launch.RunOutcome;

/**
 * A run that finished its scenario on every rank and then hung in {@code MPI_Finalize} is a HANG that says so: its
 * first line (the cell's summary) gives the scenario's own verdict on the ranks' reports from before
 * {@code MPI_Finalize} and which ranks did not get out of it; each rank dumps its own threads when it is still in
 * {@code MPI_Finalize} after {@link RankWatchdog#FINALIZE_BOUND} and ends, so the run does not wait for the
 * scenario's deadline. Shown with a shim whose {@code MPI_Finalize} never
 * returns in a job of several processes (the ABI check's one-process job still finalizes), over each library
 * ({@code -Pfull}; MPICH's in a quick build).
 * A hang inside the scenario says nothing of the kind: {@code NativeTargetContract}'s receive-first deadlock.
 */
@Timeout(120)
class FinalizeHangTest {
    private static final Duration LIMIT = Duration.ofSeconds(100);

    @TempDir
    Path dir;

    /** Both libraries under {@code -Pfull}; MPICH alone in a quick build (the mechanism is the target's, not the library's). */
    static java.util.stream.Stream<String> libraries() {
        return Boolean.getBoolean("mpiverify.full") ? java.util.stream.Stream.of("mpich", "openmpi") : java.util.stream.Stream.of("mpich");
    }

    @ParameterizedTest
    @org.junit.jupiter.params.provider.MethodSource("libraries")
    void aRunThatHangsInFinalizeSaysTheScenarioFinishedAndWhatItsVerdictWas(String id) throws Exception {
        NativeAbi abi = NativeAbi.forLibrary(id);
        NativeTargetContract.requireAvailable(abi.unavailable(), System.getenv("CI"));
        NativeTarget t = NativeTarget.of(abi, NativeLaunch.byPath(abi, Shims.build(dir, id, "finalize_hangs"), abi.mpiexec()));
        assertEquals(Optional.empty(), Deadline.within(LIMIT, "ABI check of the shim", t::unavailable), () -> t.abiFindings().toString());
        WhereScenario s = new WhereScenario(); // one exchange, then finalize
        long start = System.nanoTime();
        RunOutcome o = Deadline.within(LIMIT, id + " finalize hang", () -> t.runOnce(s));
        Duration took = Duration.ofNanos(System.nanoTime() - start);
        RunOutcome.Hung h = assertInstanceOf(RunOutcome.Hung.class, o, () -> "expected a hang: " + o);
        String first = h.stacks().lines().findFirst().orElse("");
        assertEquals("every rank finished the scenario (its verdict on their reports: PASS: no rank failed), then ranks [0, 1] hung in MPI_Finalize", first);
        // each rank dumped itself at the finalize bound and ended: the run did not wait for the scenario's deadline
        for (int rank = 0; rank < 2; rank++) {
            assertTrue(h.stacks().contains("=== rank " + rank + ", pid ") && h.stacks().contains("still in MPI_Finalize after "
                    + RankWatchdog.FINALIZE_BOUND.toMillis() + " ms"), "rank " + rank + "'s own dump: " + h.stacks());
        }
        assertTrue(h.stacks().contains("NativeMpi.finalizeMpi"), "the dumps show where: " + h.stacks());
        assertTrue(took.compareTo(s.deadline()) < 0, "ended by the finalize bound, in " + took);
    }
}
