/**
 * The {@code ./mpiverify} command: {@link org.mpiverify.cli.Main} maps each subcommand's picocli options onto the
 * module that does the work ({@code tlc} → {@code org.mpiverify.specs}, {@code audit} → {@code
 * org.mpiverify.audit.run}, {@code bench} → {@code org.mpiverify.bench.command}, {@code trace} → {@code
 * org.mpiverify.trace}, {@code mutate} → {@code org.mpiverify.mutate}, {@code locks} → {@code
 * org.mpiverify.locks.command}, {@code report} → {@code org.mpiverify.reports}, {@code demo} → {@code
 * org.mpiverify.demo} in the core): each subcommand builds its command's options record (a value the record refuses
 * is a usage error) and calls {@code XxxCommand.run(options, console)}; it writes the usage ({@code help}, {@code -h}
 * on any command). Nothing else happens here.
 *
 * <p>May import: every module of the project (it is the top of the graph; nothing imports it), picocli.
 *
 * <p>Tests: {@code cli/src/test/java/org/mpiverify/cli} ({@code MainTest}). Docs: the
 * README's "The command line", {@code ./mpiverify help}.
 */
package org.mpiverify.cli;
