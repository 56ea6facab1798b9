package org.mpiverify.results;

import java.io.PrintStream;

/**
 * Where a command writes: its output, its errors and its progress. Every command is
 * {@code XxxCommand.run(options, console)}; the CLI passes the process's streams ({@link #system()}), a test
 * its own ({@link #of}). A command's long work shows its steps through {@link #progress}, one {@link Progress}
 * per piece of work, drawn in place on a terminal and as plain lines in a log.
 *
 * @param out  the command's output (tables, verdicts, where the results went)
 * @param err  its errors
 * @param live draw progress in place ({@code \r}): true only when {@code out} is an interactive terminal
 */
public record Console(PrintStream out, PrintStream err, boolean live) {
    public Console {
        if (out == null || err == null) throw new IllegalArgumentException("a console needs an output and an error stream");
    }

    /** Standard output and error; progress live when standard output is a terminal. */
    public static Console system() {
        return new Console(System.out, System.err, ProgressLine.isTerminal());
    }

    /** {@code out} and {@code err}, progress as plain lines (a log, a test). */
    public static Console of(PrintStream out, PrintStream err) {
        return new Console(out, err, false);
    }

    /**
     * A progress line on {@link #out} for work of {@code total} {@code unit} (0: unknown), e.g.
     * {@code progress("bench core", 8, "trials")}; close it when the work ends.
     */
    public ProgressLine progress(String label, long total, String unit) {
        return new ProgressLine(out, label, total, unit, live);
    }
}
