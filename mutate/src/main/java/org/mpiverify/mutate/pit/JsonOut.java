package org.mpiverify.mutate.pit;

import java.util.LinkedHashMap;
import java.util.Map;
import org.mpiverify.results.Json;

/**
 * The JSON form of the PIT run's records, one a line of {@code results.jsonl} (through the toolkit's one JSON
 * writer, {@link Json}).
 */
public final class JsonOut {
    private JsonOut() {}

    /** A PIT record as one JSON object on one line. */
    public static String record(MutantRecord m) {
        return Json.write(map(m)).replaceAll("\n *", "");
    }

    public static Map<String, Object> map(MutantRecord m) {
        Map<String, Object> o = new LinkedHashMap<>();
        o.put("key", m.key());
        o.put("pitId", m.pitId());
        o.put("class", m.mutatedClass());
        o.put("method", m.method());
        o.put("descriptor", m.descriptor());
        o.put("line", m.line());
        o.put("mutator", m.mutator());
        o.put("operator", m.operator());
        o.put("description", m.description());
        o.put("status", m.status());
        o.put("killingTest", m.killingTest());
        o.put("killingTests", m.killingTests());
        o.put("testsRun", m.testsRun());
        o.put("millis", m.millis());
        return o;
    }
}
