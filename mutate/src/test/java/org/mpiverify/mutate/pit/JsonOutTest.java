package org.mpiverify.mutate.pit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.mpiverify.results.Json;

/** A PIT record's line of {@code results.jsonl} reads back as the same record, on one line. */
class JsonOutTest {
    @Test
    void aLineReadsBackAsTheSameRecord() {
        var m = new MutantRecord("org.x.A#m/REMOVE_LOCK/removed the lock#1", "pit-id", "org.x.A$Inner", "m", "()V", 42,
                "org.mpiverify.mutate.operators.RemoveLock", "REMOVE_LOCK", "removed the \"lock\"\nand more", "KILLED",
                "ATest.[engine:junit-jupiter]/[method:t()]", List.of("ATest.t"), 3, 120);
        String line = JsonOut.record(m);
        assertTrue(!line.contains("\n") && line.contains("\"class\":\"org.x.A$Inner\""), line);
        assertEquals(m, Json.read(line, MutantRecord.class));
    }
}
