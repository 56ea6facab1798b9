/**
 * The host file of the commands that run on several hosts ({@link org.mpiverify.results.hosts.HostFile}): the
 * audit's native targets ({@code harness}) and TLC's distributed mode ({@code specs}) read the same format with the
 * same checks and error messages.
 *
 * <p>May import: the JDK only.
 *
 * <p>Tests: {@code results/src/test/java/org/mpiverify/results/hosts} ({@code HostFileTest}).
 */
package org.mpiverify.results.hosts;
