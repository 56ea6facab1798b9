package org.mpiverify.reports;

import java.util.List;
import org.mpiverify.results.Provenance;

/**
 * Where a result came from: the file it was read from, the {@link Provenance} block the producer wrote (read with
 * the file's record; null when there is none, or it has no commit) and whether it still describes the code
 * ({@link Freshness}).
 */
public record Stamp(String file, Provenance provenance, Freshness.Status freshness) {

    public boolean isStale() {
        return freshness.isStale();
    }

    /** The stamp of a result read as a record; a provenance without a commit counts as none. */
    static Stamp of(String file, Provenance p, Freshness freshness, List<String> inputs) {
        Provenance known = p == null || p.commit() == null ? null : p;
        return new Stamp(file, known, freshness.of(known, inputs));
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
