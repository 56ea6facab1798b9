/**
 * What every producer writes and the reports read: {@link org.mpiverify.results.Json} (the result files, over
 * Jackson), {@link org.mpiverify.results.Outcome} (the verdict vocabulary, ordered best to worst), {@link
 * org.mpiverify.results.Provenance} (commit, dirty tree, JDK, host, stamped into every result), {@link
 * org.mpiverify.results.Workspace} (the repository root and {@code out/}), {@link org.mpiverify.results.Git} and
 * {@link org.mpiverify.results.Console} (where every command writes: output, errors, progress) with the one progress
 * listener {@link org.mpiverify.results.Progress} and its live line {@link org.mpiverify.results.ProgressLine}; in {@code
 * .hosts} the host file of the commands that run on several hosts.
 *
 * <p>May import: Jackson and the JDK; nothing of the project (every other module may use it).
 *
 * <p>Tests: {@code results/src/test/java/org/mpiverify/results} ({@code JsonTest}, {@code WorkspaceTest}, {@code ProgressLineTest}). Docs:
 * {@code docs/modules.md}.
 */
package org.mpiverify.results;
