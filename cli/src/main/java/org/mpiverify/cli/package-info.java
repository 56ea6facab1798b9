/**
 * The {@code ./mpiverify} command: {@link org.mpiverify.cli.Main} maps each subcommand's picocli options onto the
 * module that does the work ({@code tlc} → {@code org.mpiverify.specs}, {@code audit} → {@code
 * org.mpiverify.audit.run}, {@code bench} → {@code org.mpiverify.bench}, {@code trace} → {@code
 * org.mpiverify.trace}, {@code mutate} → {@code org.mpiverify.mutate}, {@code locks} → {@code
 * org.mpiverify.locks.command}, {@code report} → {@code org.mpiverify.reports}) and writes the usage ({@code help},
 * {@code -h} on any command); {@code Demo} is the multithreaded job {@code ./mpiverify demo} runs on the core;
 * {@code ProgressTap} turns a long component's "trial t/N done" lines into the live {@code ProgressLine}.
 *
 * <p>May import: every module of the project (it is the top of the graph; nothing imports it), picocli.
 *
 * <p>Tests: {@code cli/src/test/java/org/mpiverify/cli} ({@code MainTest}, {@code ProgressTapTest}). Docs: the
 * README's "The command line", {@code ./mpiverify help}.
 */
package org.mpiverify.cli;
