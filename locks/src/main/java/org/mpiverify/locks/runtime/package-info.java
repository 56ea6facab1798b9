/**
 * The lock auditor's runtime, inside the audited JVM: the hooks the rewritten code calls (one class per kind of
 * operation: {@link org.mpiverify.locks.runtime.LockHooks}, {@link org.mpiverify.locks.runtime.SemaphoreHooks},
 * {@link org.mpiverify.locks.runtime.MonitorHooks}, {@link org.mpiverify.locks.runtime.CallHooks}, {@link
 * org.mpiverify.locks.runtime.WaitHooks}, {@link org.mpiverify.locks.runtime.SynchronizerHooks}, {@link
 * org.mpiverify.locks.runtime.SocketHooks}), each thread's state (held locks, the call it is in), the lock-order graph
 * and the findings.
 *
 * <p>May import: the JDK only (it runs inside any program; ASM is the agent's, not the runtime's). Its frames never
 * appear in a report's stacks ({@link org.mpiverify.locks.runtime.Stacks}).
 *
 * <p>Tests: {@code locks/src/test} ({@code CycleAnalysisTest}; the ITs {@code KnownBadProgramsIT} and
 * {@code CoreUnderAgentIT} on the agent jar; {@code agent/HookCatalogTest}: every hook exists). Docs:
 * {@code docs/locks.md}.
 */
package org.mpiverify.locks.runtime;
