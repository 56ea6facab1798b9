package org.mpiverify.trace.tlc;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import tlc2.overrides.TLAPlusOperator;
import tlc2.value.impl.ModelValue;
import tlc2.value.impl.StringValue;
import tlc2.value.impl.TupleValue;
import tlc2.value.impl.Value;

/**
 * The Java definition of {@code TraceLog(path)} in the module {@code TraceLog}: the events of a recorded trace, read
 * from the file {@code path} (one TLA+ value a line, in the trace's order) as a TLA+ sequence. A trace spec that binds
 * its {@code Trace} constant to it reads the trace as data: TLC parses the spec once and the trace is never written as
 * a module, as the trace validation of CCF and of Cirstea et al. (2024) reads its log through a JSON operator.
 *
 * <p>TLC finds this operator through {@code tlc2.overrides.TLCOverrides}, which it loads by that name from its class
 * path. The TLA+ definition the operator replaces is {@code CHOOSE log \in {} : TRUE}, which TLC cannot evaluate: a
 * JVM without this class fails the run instead of checking an empty trace.
 *
 * <p>Thread safety: safe for use by several threads (the files read last are kept in a volatile array, replaced
 * whole; two threads that read one file at once each get an equal sequence).
 */
public final class TraceLogOperator {
    /** The module that declares {@code TraceLog}, written beside each run's generated module. */
    public static final String MODULE = """
            ---- MODULE TraceLog ----
            (* TraceLog(path): the events in the file path, one TLA+ value a line, as a sequence. Defined in Java  *)
            (* (org.mpiverify.trace.tlc.TraceLogOperator); this definition fails if TLC did not load that one.    *)
            TraceLog(path) == CHOOSE log \\in {} : TRUE
            ====
            """;

    private TraceLogOperator() {
    }

    /**
     * A file read: the argument TLC passed, the file's size and modification time, TLC's model values at the time
     * (a run's own: the events may hold some, and a new run makes new ones), and its events.
     */
    private record Read(StringValue argument, Path file, long size, FileTime modified, Object modelValues,
                        TupleValue events) {}

    /** How many files a run may read at once (the events and the spec's data constants). */
    private static final int KEPT = 4;

    /** The files read last, the latest first. */
    private static volatile Read[] recent = new Read[0];

    /**
     * TLC's entry point: {@code TraceLog(path)}. TLC does not evaluate a constant bound to a Java operator once but
     * on every access ({@code Trace[l]}, {@code Len(Trace)}), so the file is read once and its events kept: within a
     * run TLC passes the same string value on every access (one identity comparison per file kept); a new run's
     * argument is checked against the file's size and modification time (measured: reading the file again on every
     * access was 95 % of a run's time). A run may read several files (its events and its data constants).
     */
    @TLAPlusOperator(identifier = "TraceLog", module = "TraceLog", warn = false)
    public static Value traceLog(StringValue path) {
        Read[] kept = recent;
        for (Read r : kept) if (r.argument == path) return r.events;
        Path file = Path.of(path.val.toString()).toAbsolutePath();
        try {
            long size = Files.size(file);
            FileTime modified = Files.getLastModifiedTime(file);
            TupleValue events = null;
            for (Read r : kept) {
                if (r.file.equals(file) && r.size == size && r.modified.equals(modified)
                        && r.modelValues == ModelValue.mvs) {
                    events = r.events;
                    break;
                }
            }
            if (events == null) events = read(file);
            List<Read> next = new ArrayList<>();
            next.add(new Read(path, file, size, modified, ModelValue.mvs, events));
            for (Read r : kept) if (next.size() < KEPT && r.argument != path) next.add(r);
            recent = next.toArray(Read[]::new);
            return events;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The share of TLC's heap ({@code -Xmx}) the events of a run may fill: the rest is TLC's (its states, its
     * fingerprint set, the evaluator's values). A trace's events are held in memory as TLC's values while it is
     * checked; past this share the read fails with {@link TraceTooLargeException} instead of TLC running out of memory
     * later, somewhere in its search.
     */
    static final double HEAP_SHARE = 0.6;

    /** Lines between two looks at the heap while reading. */
    private static final int HEAP_CHECK_LINES = 4096;

    /** A trace whose events do not fit in TLC's heap: what to do instead is in the message. */
    public static final class TraceTooLargeException extends IllegalStateException {
        TraceTooLargeException(String message) {
            super(message);
        }
    }

    /** The sequence of the values on the lines of {@code file}; blank lines are skipped. */
    static TupleValue read(Path file) {
        Runtime rt = Runtime.getRuntime();
        return read(file, (long) (rt.maxMemory() * HEAP_SHARE));
    }

    /**
     * As {@link #read(Path)}, failing with {@link TraceTooLargeException} once the JVM's heap in use (after a full
     * collection) exceeds {@code heapLimit} bytes while the events are read.
     */
    static TupleValue read(Path file, long heapLimit) {
        List<Value> events = new ArrayList<>();
        Runtime rt = Runtime.getRuntime();
        try (var lines = Files.lines(file, StandardCharsets.UTF_8)) {
            int[] n = {0};
            lines.forEach(line -> {
                n[0]++;
                if (n[0] % HEAP_CHECK_LINES == 0 && rt.totalMemory() - rt.freeMemory() > heapLimit) {
                    System.gc();   // what is in use, not what is yet to be collected: at most once per check that fails
                    long used = rt.totalMemory() - rt.freeMemory();
                    if (used > heapLimit) {
                        throw new TraceTooLargeException(file + ": after " + events.size() + " events TLC's JVM holds "
                                + used / (1 << 20) + " MB, more than the " + heapLimit / (1 << 20) + " MB (of "
                                + rt.maxMemory() / (1 << 20) + " MB, -Xmx) the events of a trace may fill: validate a "
                                + "prefix (trace --max-events N) or give TLC's JVM a larger heap");
                    }
                }
                if (line.isBlank()) return;
                try {
                    events.add(TlaValueReader.read(line));
                } catch (IllegalArgumentException e) {
                    throw new IllegalArgumentException(file + ":" + n[0] + ": " + e.getMessage(), e);
                }
            });
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new TupleValue(events.toArray(Value[]::new));
    }
}
