/**
 * The lock auditor as seen from inside the audited JVM: {@link org.mpiverify.locks.LockAudit}, the counters the
 * report is built from (read reflectively, so a program also runs without the agent) and the writing of the
 * report at exit and, if asked, periodically. The agent that rewrites the classes is in {@code .agent}, the
 * hooks it calls in {@code .runtime}, the report in {@code .report}; the command that starts JVMs under the agent
 * is the separate module {@code locks/command}.
 *
 * <p>May import: {@code org.mpiverify.locks.runtime}, {@code .report}; the JDK. Nothing else: this module is shaded
 * into {@code locks-agent.jar} and shares no class with the program under test. The agent ({@code .agent}) uses
 * this package, to configure it at start-up and write the report at exit, not the reverse.
 *
 * <p>Tests: {@code locks/src/test} (the ITs {@code KnownBadProgramsIT} and {@code CoreUnderAgentIT} run programs
 * under the agent jar). Docs: {@code docs/locks.md}.
 */
package org.mpiverify.locks;
