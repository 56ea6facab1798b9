package org.mpiverify.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The lock auditor's summary: what the locks command writes is what the dashboard reads, on one line. */
class LockResultFilesTest {
    @Test
    void aSummaryWrittenThenReadIsTheSameRecord(@TempDir Path dir) throws Exception {
        var held = new LockReportFile.Held("Comm.recv", 7, "ReentrantLock@1", "A.lock:3", "LockSupport.park", "B.await:9",
                "rank-0", 4, List.of("A.lock:3"), List.of("B.await:9"));
        var file = new LockAuditSummaryFile(LockAuditSummaryFile.TOOL, 1, new Provenance("2026-12-06T00:00:00Z", "abc",
                false, "25", "Linux", "h", 2, Map.of()), "core",
                List.of(new LockAuditSummaryFile.ReportLine("LOCK_AROUND_CALL-QUEUES", "audit-core/LOCK_AROUND_CALL-QUEUES.json",
                        true, 1, 0, 1, 0, 0, 0)),
                List.of(new LockAuditSummaryFile.Finding("held across a blocking wait", "Comm.recv", "ReentrantLock new at X",
                        "A.lock:3 → LockSupport.park at B.await:9", 4, 1, List.of("LOCK_AROUND_CALL-QUEUES"),
                        "audit-core/LOCK_AROUND_CALL-QUEUES.json", LockAuditSummaryFile.FirstSeen.of(held))),
                List.of(new LockAuditSummaryFile.CallTotal("Comm.recv", 10, 20, 2, 1000, 5000, 0)),
                List.of(new LockAuditSummaryFile.BlockedAtEnd("r", "main", null, "a lock", 12, List.of("ReentrantLock@1"))));
        Path f = dir.resolve("locks/audit-core.json");
        file.write(f);
        assertEquals(file, LockAuditSummaryFile.read(f));
        String text = Files.readString(f);
        assertFalse(text.contains("\n"), "one line");
        assertTrue(text.contains("\"final\":true") && !text.contains("final_"), text);
        assertTrue(text.contains("\"call\":null"), "a thread in no call says so: " + text);
        assertFalse(text.contains("\"exitStack\"") || text.contains("\"verdict\""), "only the finding's own keys: " + text);
    }
}
