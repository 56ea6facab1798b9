/**
 * The lock auditor from the outside: {@link org.mpiverify.locks.command.LocksCommand} ({@code ./mpiverify locks --
 * java ...}: any Java program under the agent, exit 1 on findings); {@link org.mpiverify.locks.command.LocksOption}
 * (where the agent jar is, where reports go, the {@code -javaagent} options and a child JVM under the agent, which
 * the audit's {@code --locks} puts on the JVMs a target starts); {@link org.mpiverify.locks.command.LockSummary} (a
 * target's reports summed into {@code out/locks/audit-TARGET.{json,md}}); and {@link
 * org.mpiverify.locks.command.LockSegments}, the reflective bridge to the agent from inside an audited JVM (one report
 * per audit column), which works the same without the agent.
 *
 * <p>May import: {@code org.mpiverify.results} (JSON, provenance, the workspace). Never a class of the agent
 * ({@code org.mpiverify.locks.agent}, {@code .runtime}, {@code .report}, {@code org.mpiverify.locks.LockAudit}): those
 * reach an audited JVM only in the shaded agent jar, so this module, which the audit and the CLI put on the class
 * path of the JVMs they start, must not carry a second, unshaded copy that the system class loader would find first.
 *
 * <p>Tests: the agent's ITs under {@code locks/src/test} (the agent the options start), the audit's {@code --locks}
 * runs. Docs: {@code docs/locks.md}.
 */
package org.mpiverify.locks.command;
