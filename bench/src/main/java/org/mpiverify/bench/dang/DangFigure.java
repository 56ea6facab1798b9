package org.mpiverify.bench.dang;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.mpiverify.mpi.MatchingKind;
import org.mpiverify.bench.SpinHandoff;
import org.mpiverify.bench.Stats;
import org.mpiverify.bench.runner.BenchFigure;
import org.mpiverify.bench.runner.LeftOutPoints;
import org.mpiverify.bench.runner.Measurement;
import org.mpiverify.bench.runner.PlotSpec;
import org.mpiverify.bench.runner.Settings;
import org.mpiverify.bench.runner.Slot;
import org.mpiverify.bench.runner.Trials;
import org.mpiverify.bench.report.Plot;
import org.mpiverify.bench.report.Report;
import org.mpiverify.bench.report.Table;
import org.mpiverify.bench.report.Target;

/**
 * Dang, Snir &amp; Gropp, "Toward million communicating threads": the experiments their §4 names and
 * leaves empty, on the core, each beside a baseline measured in the same run.
 * <ul>
 *   <li>§4.1 thread scheduling: wall time per wake-up of a blocked receiver, 1 to 10^4 pairs at once,
 *       virtual and platform threads, against a bare {@code park}/{@code unpark} handoff ({@link WakeUps});
 *   <li>§4.2 the hash table: cost per match against the number of receives outstanding (1 to 10^6),
 *       {@code HASH_TABLE} against {@code QUEUES}, beside a {@code HashMap} of the same size and the memory
 *       floor of one random slot and its receive ({@link MatchCost});
 *   <li>§4.3 the packet pool: take-and-return cost with 1 to 10^4 threads against a plain allocation
 *       ({@link PoolCost});
 *   <li>§4.4 overall: time per message of a multithreaded ping-pong, 1 to 10^5 threads per rank, against
 *       the bare ping-pong floor (a spin handoff) and a park/unpark handoff of as many pairs
 *       ({@link PairedPingPong});
 *   <li>Figs. 3–4: latency and message rate against message size, one thread per rank against many
 *       threads per rank;
 *   <li>the goal: 10^3 to 10^6 virtual threads with a receive outstanding at once, all matched: time, and
 *       heap per thread from the JVM's own accounting ({@link ScaleRun}, {@link HeapAccounting}).
 * </ul>
 */
public final class DangFigure implements BenchFigure {
    static final String WAKEUP = "wakeup", MATCHING = "matching", POOL = "pool", POOL_VIRTUAL = "pool-virtual",
            OVERALL = "overall", FIG3 = "fig3", FIG4 = "fig4", SCALE = "scale", MEMORY = "memory";
    /** Slots of the class-histogram categories: not a plot, a table. */
    static final String HISTOGRAM = "histogram";

    static final String CORE_VIRTUAL = "core, virtual threads", CORE_PLATFORM = "core, platform threads",
            BARE_VIRTUAL = "park/unpark, virtual threads", BARE_PLATFORM = "park/unpark, platform threads",
            CORE_SCHEDULER = "core, bit-vector scheduler", BARE_SCHEDULER = "park/unpark, bit-vector scheduler",
            MOUNT_FLOOR = "park/unpark, run-what-is-handed scheduler (mount/unmount floor)";
    static final String HASH = "HASH_TABLE", QUEUES = "QUEUES", HASHMAP = "HashMap (floor)",
            MEMORY_FLOOR = "one slot and its receive (memory floor)";
    static final String POOL_PLATFORM_SERIES = "packet pool", ALLOC = "new byte[256] (baseline)";
    static final String SPIN_FLOOR = "spin handoff (bare ping-pong floor)", BARE_PAIRS = "park/unpark pairs (floor)";
    static final String ONE_PLATFORM = "1 thread per rank (platform)", ONE_VIRTUAL = "1 virtual thread per rank";
    static final String POSTED = "all posted (s)", MATCHED = "all matched (s)", TOTAL = "posted + matched (s)",
            TOTAL_SCHEDULER = "posted + matched, bit-vector scheduler (s)";
    static final String HEAP = "heap per thread (MemoryMXBean)";

    private static final PlotSpec WAKEUP_SPEC = new PlotSpec(WAKEUP,
            "Waking a blocked receiver, many pairs at once (wall time per handoff)", "Dang, Snir & Gropp §4.1",
            "pairs of threads", "ns per handoff", "ns", true, true, BARE_VIRTUAL);
    private static final PlotSpec MATCHING_SPEC = new PlotSpec(MATCHING,
            "Cost of a match against receives outstanding (one thread)", "Dang, Snir & Gropp §4.2",
            "receives outstanding", "ns per match", "ns", true, true, HASHMAP);
    private static final PlotSpec POOL_SPEC = new PlotSpec(POOL,
            "Packet pool: take and return a 256-byte packet, platform threads", "Dang, Snir & Gropp §4.3",
            "threads", "ns per packet (wall / packets)", "ns", true, true, ALLOC);
    private static final PlotSpec POOL_VIRTUAL_SPEC = new PlotSpec(POOL_VIRTUAL,
            "Packet pool: take and return a 256-byte packet, virtual threads", "Dang, Snir & Gropp §4.3",
            "threads", "ns per packet (wall / packets)", "ns", true, true, ALLOC);
    private static final PlotSpec OVERALL_SPEC = new PlotSpec(OVERALL,
            "Multithreaded ping-pong: time per message against threads per rank", "Dang, Snir & Gropp §4.4",
            "threads per rank", "ns per message (wall / messages)", "ns", true, true, SPIN_FLOOR);
    private static final PlotSpec FIG3_SPEC = new PlotSpec(FIG3,
            "Ping-pong latency, one thread per rank vs many threads per rank", "Dang, Snir & Gropp Fig. 3",
            "message size (bytes)", "half round trip of a pair (ns)", "ns", true, true, ONE_PLATFORM);
    private static final PlotSpec FIG4_SPEC = new PlotSpec(FIG4,
            "Ping-pong message rate, one thread per rank vs many threads per rank", "Dang, Snir & Gropp Fig. 4",
            "message size (bytes)", "messages per second (all pairs)", "msg/s", true, true, ONE_PLATFORM);
    private static final PlotSpec SCALE_SPEC = new PlotSpec(SCALE,
            "Every thread with a receive outstanding at once, then all matched (2 ranks)",
            "Dang, Snir & Gropp §1 (the goal)", "virtual threads", "seconds", "s", true, true, null);
    private static final PlotSpec MEMORY_SPEC = new PlotSpec(MEMORY,
            "Heap per blocked thread with its receive outstanding (after a full GC)",
            "Dang, Snir & Gropp §1 (the goal)", "virtual threads", "bytes per thread", "B", true, false, null);

    /** The smallest scale with a heap-per-thread point: 10^4 threads hold about 14 MB, above a full GC's noise. */
    static final int MIN_HEAP_THREADS = 10_000;

    /** Threads per rank of the "many threads" series of Figs. 3-4. */
    static final int MANY = 64;

    /** Every core run here uses the DSG hash table (§4.2 also runs QUEUES, by name): {@code --matching} is ignored. */
    @Override
    public MatchingKind fixedMatching() {
        return MatchingKind.HASH_TABLE;
    }

    @Override
    public String id() {
        return "dang";
    }

    @Override
    public String description() {
        return "wake-ups, matching, packet pool, overall per-message time, Figs. 3-4 and 10^3..10^6 threads with a "
                + "receive outstanding (Dang, Snir & Gropp §4)";
    }

    @Override
    public String measures() {
        return "wake-up of a blocked receiver (1–5·10^4 pairs, against bare park/unpark on the JDK's scheduler, the "
            + "bit-vector scheduler and the mount/unmount floor of a scheduler that only runs what it is handed); "
            + "cost per match against "
            + "1–10^6 outstanding receives (`HASH_TABLE`, `QUEUES`, a `HashMap`, and the memory floor of one "
            + "random slot and its receive); packet pool against allocation; time per message with 1–10^5 "
            + "threads per rank in the steady middle of the run (its middle half of round trips) against the "
            + "bare ping-pong floor; latency and message rate with one and 64 threads per rank; 10^3–10^6 "
            + "threads with a receive outstanding at once: time and heap per thread";
    }

    @Override
    public String paper() {
        return "Dang, Snir & Gropp §4.1–4.4, Figs. 3–4";
    }

    static int[] wakeupPairs(boolean quick, boolean virtual) {
        if (quick) {
            return new int[] {1, 100};
        }
        return virtual ? new int[] {1, 10, 100, 1_000, 10_000, 50_000} : new int[] {1, 10, 100};
    }

    static int[] outstanding(boolean quick) {
        return quick ? new int[] {1, 100, 10_000} : new int[] {1, 10, 100, 1_000, 10_000, 100_000, 1_000_000};
    }

    static int[] poolThreads(boolean quick, boolean virtual) {
        if (quick) {
            return virtual ? new int[] {1, 100} : new int[] {1, 2};
        }
        return virtual ? new int[] {1, 10, 100, 1_000, 10_000} : new int[] {1, 2, 4, 8};
    }

    static int[] overallThreads(boolean quick) {
        return quick ? new int[] {1, 100} : new int[] {1, 10, 100, 1_000, 10_000, 100_000};
    }

    static int[] sizes(boolean quick) {
        return quick ? new int[] {8, 4096} : new int[] {8, 64, 512, 4096, 32768};
    }

    static int[] scaleThreads(boolean quick) {
        return quick ? new int[] {1_000, 10_000} : new int[] {1_000, 10_000, 100_000, 1_000_000};
    }

    /** Round trips per pair so that a point moves about {@code messages} messages, at least {@code min}. */
    static int roundTrips(int pairs, int messages, int min) {
        return Math.max(min, messages / (2 * pairs));
    }

    @Override
    public Report run(Settings s) throws Exception {
        boolean q = s.quick();
        Duration deadline = q ? s.jobDeadline() : Duration.ofMinutes(15);
        int handoffs = q ? 20_000 : 400_000;
        List<Measurement> ms = new ArrayList<>();

        // §4.1 wake-ups
        for (boolean virtual : new boolean[] {true, false}) {
            for (int pairs : wakeupPairs(q, virtual)) {
                int r = roundTrips(pairs, handoffs, 4);
                String kind = virtual ? "virtual" : "platform";
                ms.add(Measurement.of("wake-up core " + kind + " x" + pairs,
                        new Slot(WAKEUP, virtual ? CORE_VIRTUAL : CORE_PLATFORM, pairs),
                        () -> WakeUps.coreNanos(pairs, virtual, r, deadline)));
                ms.add(Measurement.of("wake-up park/unpark " + kind + " x" + pairs,
                        new Slot(WAKEUP, virtual ? BARE_VIRTUAL : BARE_PLATFORM, pairs),
                        () -> WakeUps.bareNanos(pairs, virtual, r, deadline)));
                if (virtual) {
                    // the same on Dang, Snir & Gropp's bit-vector scheduler (§3.1), in the same trials
                    ms.add(Measurement.of("wake-up core bit-vector scheduler x" + pairs,
                            new Slot(WAKEUP, CORE_SCHEDULER, pairs), () -> WakeUps.coreSchedulerNanos(pairs, r, deadline)));
                    ms.add(Measurement.of("wake-up park/unpark bit-vector scheduler x" + pairs,
                            new Slot(WAKEUP, BARE_SCHEDULER, pairs), () -> WakeUps.bareSchedulerNanos(pairs, r, deadline)));
                    ms.add(Measurement.of("wake-up park/unpark mount/unmount floor x" + pairs,
                            new Slot(WAKEUP, MOUNT_FLOOR, pairs), () -> WakeUps.bareFloorNanos(pairs, r, deadline)));
                }
            }
        }
        // §4.2 matching
        for (int n : outstanding(q)) {
            long seed = n;
            ms.add(Measurement.of("match HASH_TABLE n=" + n, new Slot(MATCHING, HASH, n),
                    () -> MatchCost.engineNanos(MatchCost.engine(HASH), n, seed)));
            ms.add(Measurement.of("match QUEUES n=" + n, new Slot(MATCHING, QUEUES, n),
                    () -> MatchCost.engineNanos(MatchCost.engine(QUEUES), n, seed)));
            ms.add(Measurement.of("match HashMap n=" + n, new Slot(MATCHING, HASHMAP, n),
                    () -> MatchCost.hashMapNanos(n, seed)));
            ms.add(Measurement.of("match memory floor n=" + n, new Slot(MATCHING, MEMORY_FLOOR, n),
                    () -> MatchCost.memoryFloorNanos(n, seed)));
        }
        // §4.3 packet pool
        int packets = q ? 200_000 : 4_000_000;
        for (boolean virtual : new boolean[] {false, true}) {
            String plot = virtual ? POOL_VIRTUAL : POOL;
            for (int t : poolThreads(q, virtual)) {
                int each = Math.max(1_000, packets / t);
                ms.add(Measurement.of("pool " + (virtual ? "virtual" : "platform") + " x" + t,
                        new Slot(plot, POOL_PLATFORM_SERIES, t), () -> PoolCost.poolNanos(t, virtual, each, deadline)));
                ms.add(Measurement.of("new byte[] " + (virtual ? "virtual" : "platform") + " x" + t,
                        new Slot(plot, ALLOC, t), () -> PoolCost.allocationNanos(t, virtual, each, deadline)));
            }
        }
        // §4.4 overall, with its floors
        int[] overall = overallThreads(q);
        List<Slot> spinSlots = new ArrayList<>();
        for (int t : overall) {
            spinSlots.add(new Slot(OVERALL, SPIN_FLOOR, t));
        }
        int spinIterations = q ? 20_000 : 200_000;
        ms.add(new Measurement("spin handoff", spinSlots, () -> {
            double[] v = new double[overall.length];
            Arrays.fill(v, SpinHandoff.halfRoundTripNanos(spinIterations));
            return v;
        }));
        int messages = q ? 20_000 : 400_000;
        for (int t : overall) {
            // steady state: the middle half of the round trips (SteadyWindow), at least 8 per pair so that the
            // window lies past every pair's start
            int r = roundTrips(t, messages, 8);
            ms.add(Measurement.of("ping-pong virtual x" + t, new Slot(OVERALL, CORE_VIRTUAL, t),
                    () -> PairedPingPong.steady(t, true, 8, r, deadline)));
            ms.add(Measurement.of("park/unpark pairs x" + t, new Slot(OVERALL, BARE_PAIRS, t),
                    () -> WakeUps.bareSteadyNanos(t, true, r, deadline)));
            ms.add(Measurement.of("ping-pong bit-vector scheduler x" + t, new Slot(OVERALL, CORE_SCHEDULER, t),
                    () -> PairedPingPong.steadyOnScheduler(t, 8, r, deadline)));
            if (t <= 10) {
                ms.add(Measurement.of("ping-pong platform x" + t, new Slot(OVERALL, CORE_PLATFORM, t),
                        () -> PairedPingPong.steady(t, false, 8, r, deadline)));
            }
        }
        // Figs. 3-4: one run gives both the latency and the rate
        for (int bytes : sizes(q)) {
            int single = q ? 5_000 : Math.max(5_000, 100_000 / (1 + bytes / 4096));
            int many = Math.max(20, single / MANY);
            ms.add(new Measurement("1 platform thread per rank " + bytes + " B",
                    List.of(new Slot(FIG3, ONE_PLATFORM, bytes), new Slot(FIG4, ONE_PLATFORM, bytes)),
                    () -> latencyAndRate(PairedPingPong.run(1, false, bytes, single, deadline))));
            ms.add(new Measurement("1 virtual thread per rank " + bytes + " B",
                    List.of(new Slot(FIG3, ONE_VIRTUAL, bytes), new Slot(FIG4, ONE_VIRTUAL, bytes)),
                    () -> latencyAndRate(PairedPingPong.run(1, true, bytes, single, deadline))));
            String manyName = manySeries();
            ms.add(new Measurement(MANY + " virtual threads per rank " + bytes + " B",
                    List.of(new Slot(FIG3, manyName, bytes), new Slot(FIG4, manyName, bytes)),
                    () -> latencyAndRate(PairedPingPong.run(MANY, true, bytes, many, deadline))));
        }
        // The goal: threads with a receive outstanding at once; memory at each scale, the histogram at the largest
        int[] scales = scaleThreads(q);
        for (int n : scales) {
            boolean histogram = n == scales[scales.length - 1];
            // Below MIN_HEAP_THREADS the threads' heap (about 1.4 KB each) is within what a full GC leaves
            // behind from one measurement to the next (MBs either way): no heap point there.
            boolean heap = n >= MIN_HEAP_THREADS;
            List<Slot> slots = new ArrayList<>(List.of(new Slot(SCALE, POSTED, n), new Slot(SCALE, MATCHED, n),
                    new Slot(SCALE, TOTAL, n)));
            if (heap) {
                slots.add(new Slot(MEMORY, HEAP, n));
            }
            int histogramAt = slots.size();
            if (histogram) {
                for (String c : HeapAccounting.CATEGORIES) {
                    slots.add(new Slot(HISTOGRAM, c, n));
                }
            }
            ms.add(new Measurement(String.format(Locale.ROOT, "%,d threads with a receive outstanding", n), slots, () -> {
                ScaleRun.Result r = ScaleRun.run(n, histogram, deadline);
                double[] v = new double[slots.size()];
                v[0] = r.postNanos() / 1e9;
                v[1] = r.matchNanos() / 1e9;
                v[2] = r.totalSeconds();
                if (heap) {
                    v[3] = r.heapBytesPerThread();
                }
                if (histogram) {
                    for (int c = 0; c < HeapAccounting.CATEGORIES.length; c++) {
                        v[histogramAt + c] = r.histogramBytesPerThread().getOrDefault(HeapAccounting.CATEGORIES[c], 0.0);
                    }
                }
                return v;
            }));
            // the same goal on Dang, Snir & Gropp's scheduler (§3.1): time only, the heap is the threads' either way
            ms.add(Measurement.of(String.format(Locale.ROOT, "%,d threads with a receive outstanding, bit-vector scheduler",
                    n), new Slot(SCALE, TOTAL_SCHEDULER, n),
                    () -> ScaleRun.run(n, false, WakeUps.schedulerFor(n / 2), deadline).totalSeconds()));
        }

        LeftOutPoints leftOut = new LeftOutPoints();
        Map<Slot, Stats> stats = Trials.run(id(), ms, s.trials(), s.out(), leftOut);
        List<Plot> plots = List.of(WAKEUP_SPEC.assemble(stats), MATCHING_SPEC.assemble(stats),
                POOL_SPEC.assemble(stats), POOL_VIRTUAL_SPEC.assemble(stats), OVERALL_SPEC.assemble(stats),
                FIG3_SPEC.assemble(stats), FIG4_SPEC.assemble(stats), SCALE_SPEC.assemble(stats),
                MEMORY_SPEC.assemble(stats));
        int largest = scales[scales.length - 1];
        Table histogram = histogramTable(stats, largest);
        List<String> notes = notes(q);
        notes.add(DangTargets.queuesLimit(plots));
        return new Report(id(), "Toward million communicating threads: the experiments of §4 on the core", s.trials(),
                q, plots, DangTargets.judge(plots, stats, largest, q), List.of(histogram), leftOut.appendTo(s.skipped()),
                leftOut.appendEvidenceTo(notes));
    }

    static String manySeries() {
        return MANY + " virtual threads per rank";
    }

    private static double[] latencyAndRate(PairedPingPong.Result r) {
        return new double[] {r.halfRoundTripNanos(), r.rate()};
    }

    private static Table histogramTable(Map<Slot, Stats> stats, int n) {
        List<List<String>> rows = new ArrayList<>();
        double sum = 0;
        for (String c : HeapAccounting.CATEGORIES) {
            Stats st = stats.get(new Slot(HISTOGRAM, c, n));
            double v = st == null ? Double.NaN : st.median();
            sum += Double.isNaN(v) ? 0 : v;
            rows.add(List.of(c, String.format(Locale.ROOT, "%.0f", v)));
        }
        rows.add(List.of("all live objects", String.format(Locale.ROOT, "%.0f", sum)));
        return new Table(HISTOGRAM, String.format(Locale.ROOT,
                "Live heap per thread with %,d threads blocked in a receive (GC.class_histogram, median of the trials)", n),
                "Dang, Snir & Gropp §1 (the goal)", List.of("what", "bytes per thread"), rows);
    }

    private static List<String> notes(boolean quick) {
        List<String> n = new ArrayList<>();
        n.add("All core runs: 2 ranks in one JVM, HASH_TABLE matching, LOCK_FREE granularity, THREAD_MULTIPLE; "
                + "virtual threads on the JDK's default scheduler (one carrier per processor).");
        n.add("§4.1: every wait parks at once (a policy without spin or yield, for platform threads too), so each "
                + "handoff is a wake-up of a blocked receiver; the floor passes a volatile turn word with park/unpark. The "
                + "mount/unmount floor runs the same bare pairs on a scheduler of one platform worker that only runs the "
                + "continuations the JDK hands it, first in first out (a lock-free queue): the JDK's own switch, which "
                + "the bit-vector scheduler makes too, and the least a scheduler adds to it.");
        n.add("§4.2: one thread, no wake-ups; each operation matches a random outstanding tag and posts its receive "
                + "again. QUEUES scans; its largest points rest on a few operations (each is bounded to 0.3 s). "
                + "The memory floor finds a random key's slot in an open-addressed array, half full, and reads and "
                + "stores the receive it names: the two cache lines any table's match touches, and nothing else.");
        n.add("§4.4: steady state, the core's pairs and the park/unpark floor alike: threads created and warmed up "
                + "first, then the middle half of all round trips (from 25% to 75%, a counter read about every ms), "
                + "so the start gate waking every thread and the last pairs finishing alone are left out; time per "
                + "message = window time / messages in the window. Figs. 3-4: wall time from the start gate to the "
                + "last reply, threads created and warmed up before it. Every reply checked.");
        n.add("Scale: every receive is in its engine before the senders start (checked with pendingMatches); heap "
                + "per thread = (bytes in use after a full GC with every receive outstanding - before the job) / "
                + "threads, from MemoryMXBean; the histogram comes from GC.class_histogram at the largest scale.");
        if (quick) {
            n.add("Quick run: small sizes, one trial; for checking the pipeline, not for figures.");
        }
        return n;
    }
}
