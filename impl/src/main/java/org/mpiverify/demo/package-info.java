/**
 * The demo: {@link org.mpiverify.demo.Demo}, a multithreaded MPI program on the core that checks its own results
 * ({@code ./mpiverify demo}; {@code ./mpiverify trace --demo} runs it with recording on). It is written as a user
 * of the core writes one: through the public API only.
 *
 * <p>May import: {@code org.mpiverify.mpi} and the configuration enum {@code org.mpiverify.core.sync.Granularity};
 * nothing else (no other module: the core depends on nothing but the JDK).
 *
 * <p>Tests: {@code cli}'s {@code MainTest} (every engine and granularity), {@code trace}'s tests of {@code --demo}.
 * Docs: the README's "The command line".
 */
package org.mpiverify.demo;
