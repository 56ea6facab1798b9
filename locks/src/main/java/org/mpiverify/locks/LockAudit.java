package org.mpiverify.locks;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;
import org.mpiverify.locks.report.InstrumentationSummary;
import org.mpiverify.locks.report.LockReport;
import org.mpiverify.locks.runtime.AuditState;
import org.mpiverify.locks.runtime.CallStats;
import org.mpiverify.locks.runtime.CallTable;
import org.mpiverify.locks.runtime.PinningMonitor;
import org.mpiverify.locks.runtime.Sites;

/**
 * The lock auditor as seen from inside the audited JVM: the counters the report is built from, for a
 * program that wants per-phase figures (read them reflectively, so the program also runs without the
 * agent: {@code ClassLoader.getSystemClassLoader().loadClass("org.mpiverify.locks.LockAudit")}), and the
 * writing of the report, at exit and, if asked, periodically.
 */
public final class LockAudit {
    private static volatile Config config;

    /** What the report needs to know about the run. */
    public record Config(Path out, String name, String options, String commit, boolean dirty, Instant started, long startNanos,
                         Supplier<InstrumentationSummary> instrumentation) {
    }

    private LockAudit() { }

    /** Called once by the agent when it starts. */
    public static void configure(Config c) {
        config = c;
    }

    /** True if the agent is running in this JVM. */
    public static boolean active() {
        return config != null;
    }

    /**
     * Per MPI call name (and {@code "(outside MPI calls)"}): {calls, lock acquisitions, maximum
     * acquisitions in one call, nanoseconds waiting for locks, nanoseconds blocked, failed try-locks}, as
     * of the calls that have returned so far.
     */
    public static Map<String, long[]> callCounters() {
        Map<String, long[]> out = new LinkedHashMap<>();
        for (CallStats s : CallTable.all()) {
            out.put(s.name(), new long[] {s.calls(), s.acquisitions(), s.maxAcquisitions(), s.waitNanos(),
                    s.blockedNanos(), s.failedTryLocks()});
        }
        return out;
    }

    /** Virtual-thread pinning events processed so far (0 until a virtual thread enters an MPI call). */
    public static long pinningEvents() {
        return PinningMonitor.events();
    }

    /** Per MPI call name: lock acquisitions per acquiring site ({@code org.foo.Bar.method:42}). */
    public static Map<String, Map<String, Long>> acquisitionsBySite() {
        Map<String, Map<String, Long>> out = new LinkedHashMap<>();
        for (CallStats s : CallTable.all()) {
            Map<String, Long> sites = new LinkedHashMap<>();
            s.bySite().forEach((id, n) -> sites.merge(Sites.get(id).location(), n, Long::sum));
            out.put(s.name(), sites);
        }
        return out;
    }

    /** Where a report was written and how many findings it has. */
    public record Written(Path json, Path markdown, int findings) {
    }

    /** Writes {@code NAME.json} and {@code NAME.md}. {@code last}: the run is over (else a snapshot). */
    public static Written writeReport(boolean last) throws IOException {
        Config c = config;
        if (c == null) {
            throw new IllegalStateException("the locks agent is not running in this JVM");
        }
        return writeReport(c.name(), last, last);
    }

    /**
     * Writes the report of what was recorded since the last {@link #reset()} as {@code name.json} and
     * {@code name.md} in the report directory ({@code name} may contain {@code /}: sub-directories).
     */
    public static String writeSegment(String name) throws IOException {
        return writeReport(name, true, false).json().toString();
    }

    /** Forgets what was recorded so far: the next report covers only what happens from now on. */
    public static void reset() {
        AuditState.reset();
    }

    /** {@code complete}: the report covers everything of its run or segment; {@code exiting}: the JVM exits. */
    private static synchronized Written writeReport(String name, boolean complete, boolean exiting) throws IOException {
        Config c = config;
        if (c == null) {
            throw new IllegalStateException("the locks agent is not running in this JVM");
        }
        if (exiting) {
            PinningMonitor.stop();
        }
        LockReport r = new LockReport(new LockReport.Run(name, ProcessHandle.current().pid(),
                System.getProperty("sun.java.command", "?"), c.options(), c.started(),
                (System.nanoTime() - c.startNanos()) / 1e9, complete, c.commit(), c.dirty()), c.instrumentation().get());
        Path json = c.out().resolve(name + ".json");
        Path md = c.out().resolve(name + ".md");
        Files.createDirectories(json.getParent());
        write(json, r.json());
        write(md, r.markdown());
        return new Written(json, md, r.findingCount());
    }

    private static void write(Path file, String text) throws IOException {
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        Files.writeString(tmp, text, StandardCharsets.UTF_8);
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }
}
