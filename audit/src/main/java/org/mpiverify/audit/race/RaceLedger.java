package org.mpiverify.audit.race;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * The races of an audit, deduplicated by {@link Race#key()} (the pair of code locations) across scenarios, ranks and
 * runs: per race, the first report of it, how many reports, the scenarios it showed in, and whether it showed in a
 * run with one user thread (then it is between that thread and the library's own threads: its internal progress,
 * not the user's threads). Not thread-safe: one auditing thread fills it.
 */
public final class RaceLedger {
    /** One distinct race. */
    public static final class Entry {
        private final Race first;
        private int reports;
        private final TreeSet<String> scenarios = new TreeSet<>();
        private boolean withOneThread;
        private boolean withThreads;

        Entry(Race first) { this.first = first; }

        public Race race() { return first; }
        public int reports() { return reports; }
        public List<String> scenarios() { return List.copyOf(scenarios); }
        /** Whether a run with one user thread showed it. */
        public boolean withOneThread() { return withOneThread; }
        /** Whether a run with the scenario's threads showed it. */
        public boolean withThreads() { return withThreads; }
    }

    private final Map<String, Entry> byKey = new LinkedHashMap<>();

    /** Adds the races of one run of {@code scenario}; {@code oneThread}: the run had one user thread. */
    public void add(String scenario, boolean oneThread, List<Race> races) {
        for (Race r : races) {
            Entry e = byKey.computeIfAbsent(r.key(), k -> new Entry(r));
            e.reports++;
            e.scenarios.add(scenario);
            if (oneThread) e.withOneThread = true;
            else e.withThreads = true;
        }
    }

    /** The distinct races, in the order first seen. */
    public List<Entry> entries() {
        return new ArrayList<>(byKey.values());
    }

    /** The distinct races {@code scenario} showed. */
    public List<Entry> of(String scenario) {
        return byKey.values().stream().filter(e -> e.scenarios.contains(scenario)).toList();
    }
}
