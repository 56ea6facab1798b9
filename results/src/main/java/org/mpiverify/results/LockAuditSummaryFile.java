package org.mpiverify.results;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * {@code out/locks/audit-<target>.json}: one target's lock audit over every report of {@code audit-<target>/} (one
 * {@link LockReportFile} per JVM and run, or per configuration), written by the {@code locks} command's
 * {@code LockSummary} and read by the dashboard, both through this record ({@link #write}, {@link #read}). The file is
 * one line.
 *
 * @param tool         {@code mpiverify-locks-summary}
 * @param format       the format's version, 1
 * @param provenance   where the audit comes from
 * @param target       the audited target
 * @param reports      one line per report
 * @param findings     each distinct finding once (kind, call, lock group and site), with where it was seen
 * @param calls        per MPI call, the locks taken and the time waited, over every report
 * @param blockedAtEnd from the reports of JVMs killed at a deadline, what every thread was waiting for then
 */
public record LockAuditSummaryFile(String tool, int format, Provenance provenance, String target,
                                   List<ReportLine> reports, List<Finding> findings, List<CallTotal> calls,
                                   List<BlockedAtEnd> blockedAtEnd) {
    /** The {@code tool} of a summary. */
    public static final String TOOL = "mpiverify-locks-summary";

    public LockAuditSummaryFile {
        reports = copy(reports);
        findings = copy(findings);
        calls = copy(calls);
        blockedAtEnd = copy(blockedAtEnd);
    }

    /**
     * One report and its counts.
     *
     * @param name   the report's name (its path under {@code audit-<target>/} without {@code .json})
     * @param file   its path under {@code out/locks/}
     * @param final_ whether it is the report at the JVM's exit (key {@code "final"}), not the last snapshot of a JVM
     *               killed at a deadline (or unreadable)
     */
    public record ReportLine(String name, String file, boolean final_, long findings, long potentialDeadlocks,
                             long heldAcrossBlocking, long leaked, long pinnedInCalls, int blockedNow) { }

    /**
     * A distinct finding.
     *
     * @param kind     what it is, in words
     * @param call     the MPI call
     * @param lock     the lock's group (for a cycle, the groups around it)
     * @param at       where: acquired and blocked, the path out of the call, or the cycle's sites
     * @param count    how often, over every report
     * @param reports  in how many reports
     * @param where    those reports' names
     * @param evidence the report that holds its stacks
     * @param first    the finding as that report has it
     */
    public record Finding(String kind, String call, String lock, String at, long count, int reports, List<String> where,
                          String evidence, FirstSeen first) {
        public Finding {
            where = copy(where);
        }
    }

    /**
     * A finding as its first report has it: a lock held across a blocking wait, a leak, a pinning or a cycle, with only
     * that kind's fields (the others are left out).
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record FirstSeen(String call, Integer lock, String lockLabel, String acquiredAt, String blockedIn,
                            String blockedAt, String path, String reason, String blockingOperation, String thread,
                            Long count, Long totalNanos, List<String> acquireStack, List<String> blockStack,
                            List<String> exitStack, List<String> stack, String verdict, List<Integer> locks,
                            List<Integer> gates, List<LockReportFile.CycleEdge> edges) {
        public static FirstSeen of(LockReportFile.Held h) {
            return new FirstSeen(h.call(), h.lock(), h.lockLabel(), h.acquiredAt(), h.blockedIn(), h.blockedAt(), null,
                    null, null, h.thread(), h.count(), null, h.acquireStack(), h.blockStack(), null, null, null, null, null,
                    null);
        }

        public static FirstSeen of(LockReportFile.Leak l) {
            return new FirstSeen(l.call(), l.lock(), l.lockLabel(), l.acquiredAt(), null, null, l.path(), null, null,
                    l.thread(), l.count(), null, l.acquireStack(), null, l.exitStack(), null, null, null, null, null);
        }

        public static FirstSeen of(LockReportFile.Pinning p) {
            return new FirstSeen(p.call(), null, null, null, null, null, null, p.reason(), p.blockingOperation(),
                    p.thread(), p.count(), p.totalNanos(), null, null, null, p.stack(), null, null, null, null);
        }

        public static FirstSeen of(LockReportFile.Cycle c) {
            return new FirstSeen(null, null, null, null, null, null, null, null, null, null, null, null, null, null, null,
                    null, c.verdict(), c.locks(), c.gates(), c.edges());
        }
    }

    /** Per MPI call, over every report: calls, acquisitions, the most in one call, lock wait, blocked time, failed try-locks. */
    public record CallTotal(String name, long calls, long acquisitions, long maxAcquisitions, long lockWaitNanos,
                            long blockedNanos, long failedTryLocks) { }

    /**
     * A thread waiting when its JVM was killed.
     *
     * @param report  the report it is in
     * @param call    the MPI call, null when none
     * @param holding the labels of the locks it held
     */
    public record BlockedAtEnd(String report, String thread, String call, String waitingFor, long millis,
                               List<String> holding) {
        public BlockedAtEnd {
            holding = copy(holding);
        }
    }

    /** Writes {@code file} on one line (and its folders). */
    public void write(Path file) throws IOException {
        Files.createDirectories(file.toAbsolutePath().getParent());
        Files.writeString(file, Json.compact(this));
    }

    /** Reads {@code file}; a malformed one, or one with a key these records do not have, is an {@link IllegalArgumentException}. */
    public static LockAuditSummaryFile read(Path file) throws IOException {
        return Json.readFile(file, LockAuditSummaryFile.class);
    }

    private static <T> List<T> copy(List<T> l) {
        return l == null ? List.of() : List.copyOf(l);
    }
}
