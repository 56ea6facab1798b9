package org.mpiverify.harness.scenario;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What one rank observed in one run of a scenario: named facts (strings, so any binding can carry
 * them across a process boundary) and free-text evidence lines. Crosses processes as one line of
 * JSON ({@link ReportCodec}).
 */
public record RankReport(int rank, Map<String, String> facts, List<String> evidence, String error) {

    public RankReport {
        facts = Map.copyOf(new LinkedHashMap<>(facts));
        evidence = List.copyOf(evidence);
    }

    public String fact(String key) { return facts.get(key); }

    public long longFact(String key) {
        String v = facts.get(key);
        return v == null ? 0 : Long.parseLong(v);
    }

    /** A rank whose {@code run} threw: {@code error} holds the exception and its stack. */
    public boolean failed() { return error != null; }

    /** Mutable builder a scenario fills in while it runs; safe to call from several threads. */
    public static final class Builder {
        private final int rank;
        private final Map<String, String> facts = new LinkedHashMap<>();
        private final List<String> evidence = new ArrayList<>();

        public Builder(int rank) { this.rank = rank; }

        public synchronized Builder fact(String key, Object value) {
            facts.put(key, String.valueOf(value));
            return this;
        }

        public synchronized Builder evidence(String line) {
            evidence.add(line);
            return this;
        }

        public synchronized RankReport build() { return new RankReport(rank, facts, evidence, null); }
    }
}
