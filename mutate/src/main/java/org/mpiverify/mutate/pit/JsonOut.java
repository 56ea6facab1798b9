package org.mpiverify.mutate.pit;

import org.mpiverify.results.Json;

/**
 * The PIT run's records as lines of {@code results.jsonl}: each {@link MutantRecord} on one line through the
 * toolkit's one JSON writer, {@link Json} (the record's components are the keys).
 */
public final class JsonOut {
    private JsonOut() {}

    /** A PIT record as one JSON object on one line. */
    public static String record(MutantRecord m) {
        return Json.compact(m);
    }
}
