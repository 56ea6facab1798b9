package org.mpiverify.testkit;

import java.time.Duration;
import java.util.Arrays;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;

/**
 * Tests that only a {@code -Pfull} build runs, written as the dynamic tests of a {@code @TestFactory}: a quick
 * build then holds no test there, where an {@code @EnabledIfSystemProperty} test would show as skipped in every
 * quick build. A dynamic test is outside its factory's {@code @Timeout}, so each body runs within a deadline of its
 * own ({@link Deadlines}), every thread's stack on stderr past it.
 *
 * <p>Thread safety: stateless.
 */
public final class FullBuild {
    /** True in a {@code -Pfull} build: the module's pom passes {@code mpiverify.full=true} to its test JVMs. */
    public static final boolean FULL = Boolean.getBoolean("mpiverify.full");

    /** A test body that may throw. */
    public interface Body { void run() throws Exception; }

    private FullBuild() { }

    /** One test named {@code name} in a {@code -Pfull} build, none in a quick one. */
    public static Stream<DynamicTest> only(String name, Duration deadline, Body body) {
        return when(FULL, name, deadline, body);
    }

    /** One test named {@code name} if {@code enabled}, else none. */
    public static Stream<DynamicTest> when(boolean enabled, String name, Duration deadline, Body body) {
        return enabled ? Stream.of(test(name, deadline, body)) : Stream.empty();
    }

    /** One test per case in a {@code -Pfull} build, named by the case's {@code toString}; none in a quick one. */
    @SafeVarargs
    public static <C> Stream<DynamicTest> eachOf(Duration deadline, CaseBody<C> body, C... cases) {
        if (!FULL) return Stream.empty();
        return Arrays.stream(cases).map(c -> test(String.valueOf(c), deadline, () -> body.run(c)));
    }

    /** A test body over one case. */
    public interface CaseBody<C> { void run(C c) throws Exception; }

    private static DynamicTest test(String name, Duration deadline, Body body) {
        return DynamicTest.dynamicTest(name, () -> Deadlines.within(deadline, name, ThreadDumps::dump, () -> {
            body.run();
            return null;
        }));
    }
}
