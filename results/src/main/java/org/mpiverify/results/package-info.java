/**
 * What every producer writes and the reports read: {@link org.mpiverify.results.Json} (the result files, over
 * Jackson), {@link org.mpiverify.results.Outcome} (the verdict vocabulary, ordered best to worst), {@link
 * org.mpiverify.results.Provenance} (commit, dirty tree, JDK, host, stamped into every result), {@link
 * org.mpiverify.results.Workspace} (the repository root and {@code out/}), {@link org.mpiverify.results.Git} and
 * the live {@link org.mpiverify.results.ProgressLine} of long commands.
 *
 * <p>May import: Jackson and the JDK; nothing of the project (every other module may use it).
 *
 * <p>Tests: {@code results/src/test/java/org/mpiverify/results} ({@code JsonTest}, {@code WorkspaceTest}). Docs:
 * {@code docs/modules.md}.
 */
package org.mpiverify.results;
