package org.mpiverify.harness.nativempi;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.opentest4j.AssertionFailedError;
import org.opentest4j.TestAbortedException;

/** A missing native library fails the run under {@code CI=true} and only skips, naming the package, elsewhere. */
@Timeout(10)
class MissingLibraryPolicyTest {
    private static final Optional<String> MISSING = Optional.of("MPICH is not installed; install it with: apt-get install mpich libmpich-dev");

    @Test
    void underCiAMissingLibraryFails() {
        AssertionFailedError e = assertThrows(AssertionFailedError.class, () -> NativeTargetContract.requireAvailable(MISSING, "true"));
        assertTrue(e.getMessage().contains("apt-get install mpich libmpich-dev"), e.getMessage());
    }

    @Test
    void elsewhereItIsSkippedWithThePackageName() {
        TestAbortedException e = assertThrows(TestAbortedException.class, () -> NativeTargetContract.requireAvailable(MISSING, null));
        assertTrue(e.getMessage().contains("apt-get install mpich libmpich-dev"), e.getMessage());
    }

    @Test
    void anInstalledLibraryRuns() {
        assertDoesNotThrow(() -> NativeTargetContract.requireAvailable(Optional.empty(), "true"));
    }
}
