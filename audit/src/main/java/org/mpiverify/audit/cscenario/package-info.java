/**
 * The audit scenarios as C programs ({@code audit/c-scenarios/}): the same MPI calls from the same threads with the
 * same checks as the Java scenarios, run under a library's own {@code mpiexec} with no JVM in the rank ({@link
 * org.mpiverify.audit.cscenario.CAudit}, {@code ./mpiverify audit --c}), optionally under a race detector ({@code
 * org.mpiverify.audit.race}).
 *
 * <p>May import: {@code org.mpiverify.audit.race}, {@code org.mpiverify.audit.scenario} (the Java scenario's ranks and
 * deadline), {@code org.mpiverify.audit.run} (output folders), the harness's native ABI and verdicts, {@code
 * org.mpiverify.results}.
 *
 * <p>Tests: {@code CScenarioDriftTest} (each program makes the Java scenario's calls, counted per thread role), {@code
 * CScenarioVerdictTest} (the C verdicts agree with the Java binding's), {@code RaceAuditTest}. Docs: {@code
 * audit/c-scenarios/README.md}.
 */
package org.mpiverify.audit.cscenario;
