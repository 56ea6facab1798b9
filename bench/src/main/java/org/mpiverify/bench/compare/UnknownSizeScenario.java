package org.mpiverify.bench.compare;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.mpiverify.bench.kernel.AuditKernelComm;
import org.mpiverify.bench.kernel.KernelComm;
import org.mpiverify.bench.kernel.ReceiveMethod;
import org.mpiverify.bench.kernel.UnknownSize.Pattern;
import org.mpiverify.bench.kernel.UnknownSize;
import org.mpiverify.bench.kernel.UnknownSizeReceive;
import org.mpiverify.harness.api.AuditMpi;
import org.mpiverify.harness.scenario.RankReport;
import org.mpiverify.harness.scenario.Verdict;
import org.mpiverify.results.Outcome;

/**
 * Hoefler et al. §4, Figs. 2 and 3 on any MPI: the {@link UnknownSize} kernel with the receive methods of
 * their §2.1 (two-dimensional locking, Listing 1.5), §2.2 (matching outside MPI) and §3 (matched probe),
 * beside a plain receive of known size (the floor); directed, or with ANY_SOURCE/ANY_TAG. One job
 * measures every (method, size) pair in turn, each once untimed (the rank JVM is fresh) and once timed,
 * so a native library costs one launch per pattern, not one per point. Rank 0 reports the receive rate
 * (messages per second, RATE) or its slowest thread's time per round trip (ns, ROUND_TRIP) as facts
 * named {@link #fact(UnknownSizeReceive, int)}; every rank reports the kernel's wrong messages as
 * {@code bad}, so a run that delivered a wrong payload has no timing.
 *
 * <p>The methods travel to native rank processes by name ({@link ReceiveMethod}); a test's known-bad
 * method runs only in this JVM (on the core).
 */
public final class UnknownSizeScenario extends MeasuringScenario {
    public static final String RATE_FACT = "messagesPerSecond", ROUND_TRIP_FACT = "roundTripNanos";
    static final Duration DEADLINE = Duration.ofMinutes(3);

    private final Pattern pattern;
    private final boolean any;
    private final int threads;
    private final List<UnknownSizeReceive> methods;
    private final int[] bytes, messages;

    /**
     * @param threads  P receiving threads (and P sending ranks) for RATE; T threads per rank for ROUND_TRIP
     * @param bytes    nominal message sizes (multiples of 4, at least 4)
     * @param messages messages per thread at each size (round trips for ROUND_TRIP), parallel to {@code bytes}
     */
    public UnknownSizeScenario(Pattern pattern, boolean any, int threads, List<? extends UnknownSizeReceive> methods, int[] bytes,
                               int[] messages) {
        this(pattern, any, threads, methods, bytes, messages, DEADLINE);
    }

    private UnknownSizeScenario(Pattern pattern, boolean any, int threads, List<? extends UnknownSizeReceive> methods, int[] bytes,
                                int[] messages, Duration deadline) {
        super(deadline);
        if (pattern == null || threads < 1 || methods.isEmpty() || bytes.length == 0 || bytes.length != messages.length) {
            throw new IllegalArgumentException("unknown-size receives need a pattern, >= 1 thread, >= 1 method and "
                    + "one message count per size (" + Arrays.toString(bytes) + " vs " + Arrays.toString(messages) + ")");
        }
        for (int i = 0; i < bytes.length; i++) {
            if (bytes[i] < 4 || bytes[i] % 4 != 0 || messages[i] < 1) {
                throw new IllegalArgumentException("sizes must be positive multiples of 4 bytes and counts >= 1, not "
                        + bytes[i] + " B x " + messages[i]);
            }
        }
        if (pattern == Pattern.ROUND_TRIP && methods.stream().anyMatch(UnknownSizeReceive::takesOthersMessages)) {
            throw new IllegalArgumentException("a method that takes other threads' messages is defined for RATE only "
                    + "(it needs fill messages to end)");
        }
        if (methods.size() != methods.stream().map(UnknownSizeReceive::name).distinct().count()) {
            throw new IllegalArgumentException("methods repeat: " + methods);
        }
        this.pattern = pattern;
        this.any = any;
        this.threads = threads;
        this.methods = List.copyOf(methods);
        this.bytes = bytes.clone();
        this.messages = messages.clone();
    }

    /** The fact holding one (method, size) timing: {@code MPROBE.8}. */
    public static String fact(UnknownSizeReceive m, int bytes) {
        return m.name() + "." + bytes;
    }

    /** Messages per second (RATE) or ns per round trip (ROUND_TRIP). */
    public String unitFact() {
        return pattern == Pattern.RATE ? RATE_FACT : ROUND_TRIP_FACT;
    }

    @Override
    String timingFact() {
        return fact(methods.get(0), bytes[0]);
    }

    @Override
    public String id() {
        return "bench-unknown-size-" + pattern.name().toLowerCase() + (any ? "-any" : "-directed") + "-" + threads + "t";
    }

    @Override
    public String title() {
        return (pattern == Pattern.RATE ? "receive rate" : "threaded round trip") + " of unknown-size messages, "
                + (any ? "any,any" : "directed") + ", " + threads + " threads";
    }

    @Override
    public String origin() {
        return pattern == Pattern.RATE ? "Hoefler et al. 2010, Fig. 2" : "Hoefler et al. 2010, Fig. 3";
    }

    @Override
    public int ranks() {
        return pattern == Pattern.RATE ? threads + 1 : 2;
    }

    /** {@code pattern=RATE,any=false,threads=2,methods=RECV+MPROBE,bytes=8+4096,messages=400+200}. */
    @Override
    public String spec() {
        return "pattern=" + pattern + ",any=" + any + ",threads=" + threads + ",methods="
                + String.join("+", methods.stream().map(UnknownSizeReceive::name).toList()) + ",bytes=" + join(bytes)
                + ",messages=" + join(messages);
    }

    /** The inverse of {@link #spec()}, for native rank processes. */
    public static UnknownSizeScenario fromSpec(String spec) {
        Map<String, String> v = parseSpec(spec, "unknown-size receives", "pattern", "any", "threads", "methods", "bytes",
                "messages");
        Pattern p;
        List<ReceiveMethod> ms = new ArrayList<>();
        try {
            p = Pattern.valueOf(v.get("pattern"));
            for (String m : v.get("methods").split("\\+")) {
                ms.add(ReceiveMethod.valueOf(m));
            }
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("pattern must be one of " + Arrays.toString(Pattern.values())
                    + " and methods '+'-separated of " + Arrays.toString(ReceiveMethod.values()) + ": " + spec);
        }
        return new UnknownSizeScenario(p, booleanValue(v, "any"), intValue(v, "threads"), ms, ints(v, "bytes"),
                ints(v, "messages"));
    }

    private static String join(int[] a) {
        return String.join("+", Arrays.stream(a).mapToObj(Integer::toString).toList());
    }

    private static int[] ints(Map<String, String> v, String key) {
        try {
            return Arrays.stream(v.get(key).split("\\+")).mapToInt(Integer::parseInt).toArray();
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(key + " must be '+'-separated integers, not '" + v.get(key) + "'");
        }
    }

    @Override
    UnknownSizeScenario withDeadline(Duration d) {
        return new UnknownSizeScenario(pattern, any, threads, methods, bytes, messages, d);
    }

    /** Besides the shared rules, every (method, size) fact must be a positive number. */
    @Override
    public Verdict judge(List<RankReport> reports) {
        Verdict v = super.judge(reports);
        if (v.outcome() != Outcome.PASS) {
            return v;
        }
        List<String> missing = new ArrayList<>();
        for (UnknownSizeReceive m : methods) {
            for (int b : bytes) {
                String t = reports.get(0).fact(fact(m, b));
                double x;
                try {
                    x = t == null ? Double.NaN : Double.parseDouble(t);
                } catch (NumberFormatException e) {
                    x = Double.NaN;
                }
                if (!(x > 0) || Double.isInfinite(x)) {
                    missing.add(fact(m, b) + " = " + t);
                }
            }
        }
        return missing.isEmpty() ? v : Verdict.fail(id() + ": no valid timing", missing);
    }

    @Override
    public RankReport run(AuditMpi mpi) throws Exception {
        int provided = mpi.initThread(AuditMpi.THREAD_MULTIPLE);
        KernelComm w = new AuditKernelComm(mpi, mpi.commWorld());
        int rank = w.rank();
        RankReport.Builder r = new RankReport.Builder(rank);
        if (provided != AuditMpi.THREAD_MULTIPLE) {
            throw new IllegalStateException("THREAD_MULTIPLE not provided (" + provided + ")");
        }
        long deadlineNanos = System.nanoTime() + deadline().toNanos();
        long bad = 0;
        List<String> evidence = new ArrayList<>();
        for (int i = 0; i < bytes.length; i++) {
            for (UnknownSizeReceive m : methods) {
                UnknownSize.Block warm = new UnknownSize.Block(w, pattern, any, threads, m, bytes[i] / 4, messages[i],
                        deadlineNanos);
                warm.run();     // untimed: the rank JVM is fresh, its JIT cold
                bad += warm.bad(evidence);
                UnknownSize.Block timed = new UnknownSize.Block(w, pattern, any, threads, m, bytes[i] / 4, messages[i],
                        deadlineNanos);
                long nanos = timed.run();
                bad += timed.bad(evidence);
                if (rank == 0) {
                    r.fact(fact(m, bytes[i]), UnknownSize.value(pattern, threads, messages[i], nanos));
                }
            }
        }
        r.fact(BAD, bad);
        evidence.stream().limit(10).forEach(r::evidence);
        return r.build();
    }
}
