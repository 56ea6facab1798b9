/**
 * The lock auditor's Java agent: {@link org.mpiverify.locks.agent.LockAgent} ({@code -javaagent:locks-agent.jar} or
 * a dynamic attach) with its {@link org.mpiverify.locks.agent.AgentOptions}; {@code LockTransformer} and {@code
 * MethodRewriter} (ASM tree API) rewrite the watched classes as they load so that every lock, blocking operation
 * and MPI entry point ({@code EntryPoints}) goes through a hook of {@code org.mpiverify.locks.runtime}, listed in
 * {@code HookCatalog}; {@code TypeHierarchy} answers subtype questions without loading classes.
 *
 * <p>May import: ASM ({@code org.objectweb.asm}, shaded into the agent jar), {@code org.mpiverify.locks.runtime}
 * (the hooks' names and signatures), {@code org.mpiverify.locks} ({@code LockAudit}: configured at start-up,
 * the report written at exit), {@code org.mpiverify.locks.report} (the {@code InstrumentationSummary} it
 * reports); the JDK. Nothing imports this package: it is the top of the module, the jar's entry point.
 *
 * <p>Tests: {@code locks/src/test/java/org/mpiverify/locks/agent} ({@code AgentOptionsTest}, {@code
 * HookCatalogTest}: every hook the catalog names exists), the ITs under {@code locks/src/test/.../it}. Docs:
 * {@code docs/locks.md} ("What it watches", "Options").
 */
package org.mpiverify.locks.agent;
