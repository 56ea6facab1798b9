package org.mpiverify.reports;

import org.mpiverify.results.Json;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.mpiverify.results.Provenance;

/**
 * Where a result came from: the file it was read from, the {@link Provenance} block the producer wrote
 * (null when there is none) and whether it still describes the code ({@link Freshness}).
 */
public record Stamp(String file, Provenance provenance, Freshness.Status freshness) {

    public boolean isStale() {
        return freshness.isStale();
    }

    /** Reads the {@code "provenance"} object of a result; null when absent or without a commit. */
    public static Provenance provenanceOf(Map<String, Object> json) {
        Map<String, Object> p = Json.obj(json, "provenance");
        if (p == null || Json.str(p, "commit", null) == null) return null;
        Map<String, String> versions = new LinkedHashMap<>();
        Map<String, Object> v = Json.obj(p, "versions");
        if (v != null) v.forEach((k, x) -> versions.put(k, String.valueOf(x)));
        return new Provenance(Json.str(p, "date", "unknown"), Json.str(p, "commit", "unknown"),
                Json.bool(p, "dirty", false), Json.str(p, "jdk", "unknown"), Json.str(p, "os", "unknown"),
                Json.str(p, "host", "unknown"), (int) Json.integer(p, "cpus", 0), versions);
    }

    /** The stamp of a result read as a record; a provenance without a commit counts as none. */
    static Stamp of(String file, Provenance p, Freshness freshness, List<String> inputs) {
        Provenance known = p == null || p.commit() == null ? null : p;
        return new Stamp(file, known, freshness.of(known, inputs));
    }

    static Stamp of(String file, Map<String, Object> json, Freshness freshness, List<String> inputs) {
        Provenance p = provenanceOf(json);
        return new Stamp(file, p, freshness.of(p, inputs));
    }

    /** One line for people: when, which commit, JDK, host, library versions. */
    public String describe() {
        if (provenance == null) return "provenance unknown (" + file + " has no provenance block)";
        Provenance p = provenance;
        StringBuilder b = new StringBuilder();
        b.append(p.date()).append(", commit ").append(p.commit(), 0, Math.min(10, p.commit().length()))
                .append(p.dirty() ? " (with uncommitted changes)" : "")
                .append(", JDK ").append(p.jdk()).append(", ").append(p.os()).append(", host ").append(p.host())
                .append(", ").append(p.cpus()).append(" CPUs");
        p.versions().forEach((k, v) -> b.append(", ").append(k).append(' ').append(v));
        return b.toString();
    }
}
