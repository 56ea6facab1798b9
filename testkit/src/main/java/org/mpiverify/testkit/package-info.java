/**
 * Test support every module's concurrency tests share: {@link org.mpiverify.testkit.ThreadDumpOnFailure} (the JUnit
 * extension that prints every thread's stack when a test fails or nears its deadline, through {@link
 * org.mpiverify.testkit.ThreadDumps}), {@link org.mpiverify.testkit.KnownBad} (a check must pass on the real thing
 * and fail on its known-bad twin), the {@code @TwinTest} tag that keeps twin tests out of mutation testing's kill
 * counts, {@link org.mpiverify.testkit.Races} (two-thread races started within about a hundred nanoseconds) and
 * {@link org.mpiverify.testkit.HandoffLock}.
 *
 * <p>May import: JUnit 5 and the JDK; nothing of the project (the core's tests use it, so it cannot use the core).
 *
 * <p>Tests: used by every module's tests; its own are under {@code testkit/src/test} (the twins). Docs: {@code
 * docs/modules.md}; the project's rule that every check has a known-bad twin: the README.
 */
package org.mpiverify.testkit;
