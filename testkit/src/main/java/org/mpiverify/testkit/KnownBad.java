package org.mpiverify.testkit;

import static org.junit.jupiter.api.Assertions.fail;

import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.api.function.ThrowingConsumer;

/**
 * The shape every known-bad-twin test has: a check must pass on the real thing and fail on its twin
 * (a deliberately broken copy), so that the check cannot pass vacuously. The twin's failure is
 * returned, so the test can also assert that it says where things went wrong.
 */
public final class KnownBad {
    private KnownBad() {}

    /**
     * Runs {@code check} on {@code good}, which must pass, then on {@code twin}, which must fail;
     * returns the twin's failure.
     */
    public static <T> Throwable assertCheckRejects(String twinName, ThrowingConsumer<T> check, T good, T twin) {
        try {
            check.accept(good);
        } catch (Throwable e) {
            throw new AssertionError("the check fails on the real thing, so its rejection of " + twinName
                    + " proves nothing: " + e, e);
        }
        return assertRejected(twinName, () -> check.accept(twin));
    }

    /** Runs a check on a known-bad twin; it must fail. Returns its failure. */
    public static Throwable assertRejected(String twinName, Executable checkOnTwin) {
        try {
            checkOnTwin.execute();
        } catch (Throwable e) {
            return e;
        }
        return fail("known-bad twin " + twinName + " was not rejected: the check could pass vacuously");
    }
}
