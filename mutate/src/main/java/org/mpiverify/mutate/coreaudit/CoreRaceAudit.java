package org.mpiverify.mutate.coreaudit;

import java.io.PrintStream;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.mpiverify.mutate.race.HappensBefore;
import org.mpiverify.mutate.race.RaceClassLoader;

/**
 * The core's race column: the audit's scenarios on the core's columns (every safe granularity × matching engine, the
 * bit-vector scheduler's column, the unsafe variants, and a known-bad twin whose defect is a data race) under the
 * happens-before detector of {@code org.mpiverify.mutate.race}, one run per cell. The core ({@code
 * org.mpiverify.core}, {@code org.mpiverify.mpi}) is instrumented; the audit and the harness are loaded beside it with
 * their synchronisation rewritten (their threads' start and join, their executors' hand-offs, their locks and
 * latches), so that what a scenario's threads do in order is not reported as a race. Each cell gets the races seen
 * in its run; the races are deduplicated by the unordered pair of code sites across scenarios and columns, each
 * with both sides' site, access mode, thread and the MPI call ({@code AuditMpi} method) its thread was in.
 *
 * <p>A cell's race is a data race of that run's execution: the detector may miss one (an acquire takes every earlier
 * release of its variable), but it reports none the execution did not have, within what it models (the JDK's own
 * classes are not instrumented: a call into {@code java.util.concurrent} is a release and an acquire on its
 * receiver).
 *
 * <p>Thread safety: one thread runs an audit; the detector is global to the JVM, so two audits must not run at once.
 */
public final class CoreRaceAudit {
    /** The packages the detector instruments: the core. */
    public static final List<String> CORE = List.of("org.mpiverify.core.", "org.mpiverify.mpi.");
    /**
     * The core's package loaded with it but not rewritten: the bit-vector scheduler, whose workers and the JDK's
     * unparker run its code to schedule the user-level threads. Announced, its steps would take the detector's lock on
     * the path that schedules a thread blocked on that lock (a deadlock, seen as a HANG of every bit-vector cell); the
     * threads it runs are the scenario's, ordered by their own synchronisation.
     */
    public static final List<String> UNINSTRUMENTED = List.of("org.mpiverify.core.sched.");
    /** The packages loaded beside it with only their synchronisation rewritten: what drives the core. */
    public static final List<String> AROUND = List.of("org.mpiverify.harness.", "org.mpiverify.audit.",
            "org.mpiverify.mutate.coreaudit.driver.");
    private static final String DRIVER = "org.mpiverify.mutate.coreaudit.driver.CoreRaceDriver";

    /** One cell: a scenario's run on a column, its verdict, and the keys of the races it showed. */
    public record Cell(String scenario, String column, String outcome, String summary, List<String> races) {
        public Cell {
            races = List.copyOf(races);
        }
    }

    /** One distinct race: its first report, how many cells showed it, and where. */
    public static final class Entry {
        private final HappensBefore.Report first;
        private int cells;
        private final TreeSet<String> scenarios = new TreeSet<>();
        private final TreeSet<String> columns = new TreeSet<>();

        Entry(HappensBefore.Report first) { this.first = first; }

        public HappensBefore.Report race() { return first; }
        public int cells() { return cells; }
        public List<String> scenarios() { return List.copyOf(scenarios); }
        public List<String> columns() { return List.copyOf(columns); }
    }

    /**
     * An audit's result: the columns (name to kind: {@code safe}, {@code unsafe}, {@code race twin}), the scenarios,
     * every cell, and the distinct races by key.
     */
    public record Result(Map<String, String> columns, List<String> scenarios, List<Cell> cells, Map<String, Entry> races) {
        /** The cell of {@code scenario} on {@code column}, or null when it was not run. */
        public Cell cell(String scenario, String column) {
            return cells.stream().filter(c -> c.scenario.equals(scenario) && c.column.equals(column)).findFirst().orElse(null);
        }

        /** The distinct races seen on columns of {@code kind}. */
        public List<Entry> racesOn(String kind) {
            return races.values().stream().filter(e -> e.columns.stream().anyMatch(c -> kind.equals(columns.get(c)))).toList();
        }
    }

    private final Class<?> driver;
    private final boolean full;

    /**
     * An audit with the full audit's deadlines on the unsafe columns ({@code full}), else the quick ones; the core
     * loaded afresh, instrumented.
     */
    public CoreRaceAudit(boolean full) {
        this.full = full;
        ClassLoader loader = new RaceClassLoader(CoreRaceAudit.class.getClassLoader(), null, CORE, UNINSTRUMENTED, AROUND);
        try {
            this.driver = loader.loadClass(DRIVER);
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException("the race column's driver is not on the class path", e);
        }
    }

    /** Every column's name to its kind, in the audit's order. */
    @SuppressWarnings("unchecked")
    public Map<String, String> columns() {
        Map<String, String> m = new LinkedHashMap<>();
        for (String[] c : (List<String[]>) call("columnsOf", new Class<?>[] {boolean.class}, full)) m.put(c[0], c[1]);
        return m;
    }

    /** Every scenario id, in the report's order. */
    @SuppressWarnings("unchecked")
    public List<String> scenarioIds() {
        return (List<String>) call("scenarioIds", new Class<?>[0]);
    }

    /**
     * Runs each of {@code scenarios} once on each of {@code columns} (names of {@link #columns()}), printing a line per
     * cell to {@code progress}.
     */
    public Result run(List<String> scenarios, List<String> columns, PrintStream progress) {
        Map<String, String> all = columns();
        Map<String, String> chosen = new LinkedHashMap<>();
        for (String c : columns) {
            if (!all.containsKey(c)) throw new IllegalArgumentException("no core column '" + c + "'; the columns are " + all.keySet());
            chosen.put(c, all.get(c));
        }
        List<String> known = scenarioIds();
        for (String s : scenarios) {
            if (!known.contains(s)) throw new IllegalArgumentException("unknown scenario '" + s + "'; the scenarios are " + known);
        }
        List<Cell> cells = new ArrayList<>();
        Map<String, Entry> races = new LinkedHashMap<>();
        HappensBefore.reset();
        for (String s : scenarios) {
            for (String c : chosen.keySet()) {
                HappensBefore.forgetVariables(); // the previous run's ranks have ended (or are abandoned, blocked)
                HappensBefore.clearRaces();
                String[] verdict = (String[]) call("run", new Class<?>[] {String.class, String.class, boolean.class}, c, s, full);
                List<String> keys = new ArrayList<>();
                for (HappensBefore.Report r : HappensBefore.reports().values()) {
                    String key = r.sites();
                    if (keys.contains(key)) continue; // the same pair of sites on another object of the run
                    keys.add(key);
                    Entry e = races.computeIfAbsent(key, k -> new Entry(r));
                    e.cells++;
                    e.scenarios.add(s);
                    e.columns.add(c);
                }
                cells.add(new Cell(s, c, verdict[0], verdict[1], keys));
                progress.println("race " + s + " on " + c + ": " + verdict[0] + ", " + (keys.isEmpty() ? "no race"
                        : keys.size() + " distinct race" + (keys.size() == 1 ? "" : "s")));
            }
        }
        HappensBefore.clearRaces();
        return new Result(chosen, List.copyOf(scenarios), cells, races);
    }

    private Object call(String name, Class<?>[] types, Object... args) {
        try {
            Method m = driver.getMethod(name, types);
            return m.invoke(null, args);
        } catch (InvocationTargetException e) {
            if (e.getCause() instanceof RuntimeException r) throw r;
            if (e.getCause() instanceof Error err) throw err;
            throw new IllegalStateException(e.getCause());
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }
}
