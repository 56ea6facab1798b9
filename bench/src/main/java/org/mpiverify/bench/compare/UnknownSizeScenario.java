package org.mpiverify.bench.compare;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.IntConsumer;
import org.mpiverify.audit.api.AuditException;
import org.mpiverify.audit.api.AuditMpi;
import org.mpiverify.audit.api.AuditStatus;
import org.mpiverify.audit.scenario.RankReport;
import org.mpiverify.audit.scenario.Verdict;
import org.mpiverify.bench.probe.OutsideMatcher;
import org.mpiverify.bench.probe.ProbeLockMap;
import org.mpiverify.results.Outcome;

/**
 * Hoefler et al. §4, Figs. 2 and 3 on any MPI: receiving messages of unknown size from several threads
 * with the receive methods of their §2.1 (two-dimensional locking, Listing 1.5), §2.2 (matching outside
 * MPI) and §3 (matched probe), beside a plain receive of known size (the floor); directed, or with
 * ANY_SOURCE/ANY_TAG. The same shapes as the core's {@code ProbeFigure}:
 * <ul>
 *   <li>{@link Pattern#RATE} (Fig. 2): ranks 1..P each send their messages with tag = rank to rank 0,
 *       whose P threads receive them (thread j from rank j+1 with tag j+1, or any,any). Rank 0 reports
 *       the receive rate, messages per second.</li>
 *   <li>{@link Pattern#ROUND_TRIP} (Fig. 3): two ranks with T threads; thread j of rank 0 sends with
 *       tag j and receives a reply; rank 1's threads receive and echo with the tag they got. Rank 0
 *       reports its slowest thread's time per round trip, in ns.</li>
 * </ul>
 * One job measures every (method, size) pair in turn, each once untimed (the rank JVM is fresh) and
 * once timed, so a native library costs one launch per pattern, not one per point. Facts are named
 * {@link #fact(Method, int)}.
 *
 * <p><b>Every payload is checked.</b> Message {@code seq} of a stream (origin, tag) has {@code ints}
 * elements when {@code seq} is even and one more when odd, element 0 is {@code seq} and the others a
 * function of (origin, tag, seq, index). The sizes differ so that a receive matched to another thread's
 * probe — the race that makes a bare probe+recv unsafe with wildcards (§2) — shows: as a truncation
 * or a count that is not the probed one. Receivers also count each (stream, seq) exactly once. Any
 * deviation goes into {@code bad}, and a run with {@code bad > 0} has no timing.
 * {@link Method#PROBE_RECV_UNLOCKED} is that unsafe pattern, kept as the known-bad input the check must
 * reject; figures do not plot it.
 *
 * <p>Concurrency: the threads of a rank share only the {@link ProbeLockMap} (2D), the
 * {@link OutsideMatcher} queues (OUT) and the atomic counters; the binding adds no lock of its own.
 */
public final class UnknownSizeScenario extends MeasuringScenario {
    /** Fig. 2 or Fig. 3. */
    public enum Pattern { RATE, ROUND_TRIP }

    /** The receive methods, in the order the figure plots them. */
    public enum Method {
        RECV("recv, size known (floor)"),
        TWO_D("2D locking + iprobe"),
        OUT("matching outside MPI"),
        MPROBE("mprobe + mrecv"),
        /** Known-bad: probe then recv with no lock; with wildcards another thread can take the probed message. */
        PROBE_RECV_UNLOCKED("probe + recv, no lock (unsafe)");

        public final String label;

        Method(String label) {
            this.label = label;
        }

        /** The MPI functions a library must have for this method. */
        public List<String> functions() {
            return switch (this) {
                case RECV -> List.of("MPI_Recv");
                case TWO_D -> List.of("MPI_Iprobe", "MPI_Irecv");
                case OUT -> List.of("MPI_Probe", "MPI_Irecv");
                case MPROBE -> List.of("MPI_Mprobe", "MPI_Mrecv");
                case PROBE_RECV_UNLOCKED -> List.of("MPI_Probe", "MPI_Recv");
            };
        }
    }

    public static final String RATE_FACT = "messagesPerSecond", ROUND_TRIP_FACT = "roundTripNanos";
    static final Duration DEADLINE = Duration.ofMinutes(3);
    /** Element 0 of a fill message (only the known-bad twin sends them; see {@code fillsPerSender}). */
    static final int FILL = -1;

    private final Pattern pattern;
    private final boolean any;
    private final int threads;
    private final List<Method> methods;
    private final int[] bytes, messages;

    /**
     * @param threads  P receiving threads (and P sending ranks) for RATE; T threads per rank for ROUND_TRIP
     * @param bytes    nominal message sizes (multiples of 4, at least 4)
     * @param messages messages per thread at each size (round trips for ROUND_TRIP), parallel to {@code bytes}
     */
    public UnknownSizeScenario(Pattern pattern, boolean any, int threads, List<Method> methods, int[] bytes,
                               int[] messages) {
        this(pattern, any, threads, methods, bytes, messages, DEADLINE);
    }

    private UnknownSizeScenario(Pattern pattern, boolean any, int threads, List<Method> methods, int[] bytes,
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
        if (pattern == Pattern.ROUND_TRIP && methods.contains(Method.PROBE_RECV_UNLOCKED)) {
            throw new IllegalArgumentException("the unlocked probe+recv twin is defined for RATE only (it needs fill messages to end)");
        }
        if (methods.size() != methods.stream().distinct().count()) {
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
    public static String fact(Method m, int bytes) {
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
                + String.join("+", methods.stream().map(Enum::name).toList()) + ",bytes=" + join(bytes)
                + ",messages=" + join(messages);
    }

    /** The inverse of {@link #spec()}, for native rank processes. */
    public static UnknownSizeScenario fromSpec(String spec) {
        Map<String, String> v = parseSpec(spec, "unknown-size receives", "pattern", "any", "threads", "methods", "bytes",
                "messages");
        Pattern p;
        List<Method> ms = new ArrayList<>();
        try {
            p = Pattern.valueOf(v.get("pattern"));
            for (String m : v.get("methods").split("\\+")) {
                ms.add(Method.valueOf(m));
            }
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("pattern must be one of " + Arrays.toString(Pattern.values())
                    + " and methods '+'-separated of " + Arrays.toString(Method.values()) + ": " + spec);
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
        for (Method m : methods) {
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

    // ---- the run ----

    @Override
    public RankReport run(AuditMpi mpi) throws Exception {
        int provided = mpi.initThread(AuditMpi.THREAD_MULTIPLE);
        long w = mpi.commWorld();
        int rank = mpi.commRank(w);
        RankReport.Builder r = new RankReport.Builder(rank);
        if (provided != AuditMpi.THREAD_MULTIPLE) {
            throw new IllegalStateException("THREAD_MULTIPLE not provided (" + provided + ")");
        }
        long deadlineNanos = System.nanoTime() + deadline().toNanos();
        LongAdder bad = new LongAdder();
        List<String> evidence = new ArrayList<>();
        for (int i = 0; i < bytes.length; i++) {
            for (Method m : methods) {
                Block warm = new Block(mpi, w, rank, m, bytes[i] / 4, messages[i], deadlineNanos);
                mpi.barrier(w);
                warm.run();     // untimed: the rank JVM is fresh, its JIT cold
                warm.collect(bad, evidence);
                Block timed = new Block(mpi, w, rank, m, bytes[i] / 4, messages[i], deadlineNanos);
                mpi.barrier(w);
                long nanos = timed.run();
                timed.collect(bad, evidence);
                if (rank == 0) {
                    r.fact(fact(m, bytes[i]), pattern == Pattern.RATE
                            ? threads * (double) messages[i] / nanos * 1e9
                            : nanos / (double) messages[i]);
                }
            }
        }
        r.fact(BAD, bad.sum());
        evidence.stream().limit(10).forEach(r::evidence);
        return r.build();
    }

    /** Element {@code k >= 1} of message {@code seq} of the stream (origin, tag). */
    static int element(int origin, int tag, int seq, int k) {
        return (origin * 1_000_003) ^ (tag * 10_007) ^ (seq * 31) ^ (k * 0x9E3779B1);
    }

    /** Size in ints of message {@code seq}: odd messages are one int longer (see the class comment). */
    static int size(int ints, int seq) {
        return ints + (seq & 1);
    }

    static int[] message(int origin, int tag, int seq, int ints) {
        int[] m = new int[size(ints, seq)];
        m[0] = seq;
        for (int k = 1; k < m.length; k++) {
            m[k] = element(origin, tag, seq, k);
        }
        return m;
    }

    /** A received message: its status and its data (exactly the received elements). */
    record Received(AuditStatus status, int[] data) {
    }

    /** A message the OUT helper has matched: the buffer and the request receiving into it. */
    record Arrival(int[] data, long request) {
    }

    /**
     * One measurement on one rank: every thread of the pattern, for one method and size. Owns the state
     * its threads share: the 2D locks, the helper's queues, the per-(stream, seq) counts and the bad count.
     */
    private final class Block {
        private final AuditMpi mpi;
        private final long w;
        private final int rank, ints, n;
        private final Method method;
        private final long deadlineNanos;
        private final ProbeLockMap locks = new ProbeLockMap();
        private final OutsideMatcher<Arrival> matcher = new OutsideMatcher<>(any);
        /** seen[stream * n + seq]: how many times this rank received that message; must end at exactly 1. */
        private final AtomicIntegerArray seen;
        private final LongAdder bad = new LongAdder();
        private final AtomicReference<String> firstBad = new AtomicReference<>();
        private final boolean receivesAll;

        Block(AuditMpi mpi, long w, int rank, Method method, int ints, int n, long deadlineNanos) {
            this.mpi = mpi;
            this.w = w;
            this.rank = rank;
            this.method = method;
            this.ints = ints;
            this.n = n;
            this.deadlineNanos = deadlineNanos;
            this.receivesAll = pattern == Pattern.ROUND_TRIP || rank == 0;
            this.seen = new AtomicIntegerArray(receivesAll ? threads * n : 0);
        }

        /** Runs the block; returns rank 0's measured nanoseconds (loop time, or slowest thread's for ROUND_TRIP). */
        long run() throws InterruptedException {
            if (pattern == Pattern.RATE && rank > 0) {
                for (int i = 0; i < n; i++) {
                    int[] m = message(rank, rank, i, ints);
                    mpi.send(w, m, m.length, 0, rank);
                }
                for (int i = 0; i < fillsPerSender(); i++) {
                    int[] fill = new int[ints];
                    fill[0] = FILL;
                    mpi.send(w, fill, fill.length, 0, rank);
                }
                return 0;
            }
            if (fillsPerSender() > 0) {
                return unsafeRate();
            }
            AtomicLong slowest = new AtomicLong();
            long t0 = System.nanoTime();
            onThreads(threads + (method == Method.OUT ? 1 : 0), t -> {
                if (t == threads) {
                    outsideHelper(threads * n);
                } else if (pattern == Pattern.RATE) {
                    for (int i = 0; i < n; i++) {
                        check(receive(t + 1, t + 1), t + 1, t + 1);
                    }
                } else {
                    long s0 = System.nanoTime();
                    roundTrips(t);
                    slowest.accumulateAndGet(System.nanoTime() - s0, Math::max);
                }
            });
            return pattern == Pattern.RATE ? System.nanoTime() - t0 : slowest.get();
        }

        /**
         * The known-bad twin cannot use fixed per-thread counts: a thread whose recv names a stream another
         * thread has emptied would wait forever. So each sender adds {@code P} fill messages, the receiving
         * threads share one count of real messages, and rank 0 drains the fills left over at the end.
         */
        private int fillsPerSender() {
            return method == Method.PROBE_RECV_UNLOCKED && pattern == Pattern.RATE ? threads : 0;
        }

        private long unsafeRate() throws InterruptedException {
            java.util.concurrent.atomic.AtomicInteger realLeft = new java.util.concurrent.atomic.AtomicInteger(threads * n);
            java.util.concurrent.atomic.AtomicInteger fillsLeft =
                    new java.util.concurrent.atomic.AtomicInteger(threads * fillsPerSender());
            long t0 = System.nanoTime();
            onThreads(threads, t -> {
                while (realLeft.get() > 0) {
                    Received got = receive(t + 1, t + 1);
                    if (got.data().length > 0 && got.data()[0] == FILL) {
                        fillsLeft.decrementAndGet();
                        return;     // at most one fill per thread, so a stream always keeps one for a waiter
                    }
                    check(got, t + 1, t + 1);
                    realLeft.decrementAndGet();
                }
            });
            long nanos = System.nanoTime() - t0;
            int[] into = new int[ints + 1];
            for (int left = realLeft.get() + fillsLeft.get(); left > 0; left--) {  // what the threads left behind
                AuditStatus st = mpi.recv(w, into, into.length, AuditMpi.ANY_SOURCE, AuditMpi.ANY_TAG);
                if (into[0] != FILL) {
                    check(new Received(st, Arrays.copyOf(into, st.count())), st.source(), st.tag());
                }
            }
            return nanos;
        }

        private void roundTrips(int t) {
            int peer = 1 - rank;
            for (int i = 0; i < n; i++) {
                if (rank == 0) {
                    int[] m = message(0, t, i, ints);
                    mpi.send(w, m, m.length, peer, t);
                    check(receive(peer, t), peer, t);
                } else {
                    Received got = receive(peer, t);
                    check(got, peer, t);
                    if (got != null) {
                        mpi.send(w, got.data(), got.data().length, peer, got.status().tag()); // echo
                    } else {                             // truncated (counted bad): still reply, so rank 0 ends
                        int[] m = message(0, t, 0, ints);
                        mpi.send(w, m, m.length, peer, t);
                    }
                }
            }
        }

        /** Receives one message from (source, tag) — both wildcards when {@code any} — with this block's method. */
        private Received receive(int source, int tag) {
            int src = any ? AuditMpi.ANY_SOURCE : source, tg = any ? AuditMpi.ANY_TAG : tag;
            try {
                return switch (method) {
                    case RECV -> {
                        int[] into = new int[ints + 1];     // the largest message: size known in advance
                        AuditStatus st = mpi.recv(w, into, into.length, src, tg);
                        yield new Received(st, Arrays.copyOf(into, Math.max(0, Math.min(st.count(), into.length))));
                    }
                    case MPROBE -> {
                        AuditStatus[] ps = new AuditStatus[1];
                        long msg = mpi.mprobe(w, src, tg, ps);
                        int[] buf = new int[ps[0].count()];
                        yield new Received(mpi.mrecv(msg, buf, buf.length), buf);
                    }
                    case OUT -> {
                        Arrival a = matcher.take(src, tg, deadlineNanos - System.nanoTime());
                        AuditStatus st = mpi.waitFor(a.request());
                        yield new Received(st, a.data().clone()); // the copy out is this scheme's cost (§2.2)
                    }
                    case TWO_D -> pollUnderLocks(src, tg);
                    case PROBE_RECV_UNLOCKED -> {
                        AuditStatus p = mpi.probe(w, src, tg);
                        int[] buf = new int[p.count()];
                        // No lock from probe to recv: another thread may take the probed message first (§2).
                        try {
                            yield new Received(mpi.recv(w, buf, buf.length, p.source(), p.tag()), buf);
                        } catch (AuditException e) {
                            if (!e.errorName().contains("TRUNCATE")) {
                                throw e;
                            }
                            bad("truncated: a receive got a longer message than the one its thread probed");
                            yield new Received(null, buf);  // consumed; element 0 still tells a fill from a message
                        }
                    }
                };
            } catch (AuditException e) {
                if (!e.errorName().contains("TRUNCATE")) {
                    throw e;
                }
                bad("truncated: a receive got a longer message than the one its thread probed (" + e.getMessage() + ")");
                return null;                             // the message was consumed; the rank goes on
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while receiving", e);
            }
        }

        /** Listing 1.5: lock, iprobe, irecv what was found, unlock, then wait; poll again if nothing matched. */
        private Received pollUnderLocks(int src, int tag) {
            for (int spins = 0; ; spins++) {
                ProbeLockMap.Held held = locks.lock(src, tag, any);
                long req = AuditMpi.REQUEST_NULL;
                int[] buf = null;
                try {
                    AuditStatus p = mpi.iprobe(w, src, tag);
                    if (p != null) {
                        buf = new int[p.count()];
                        // Held from probe to the posted receive: no other pair that could match it runs meanwhile.
                        req = mpi.irecv(w, buf, buf.length, p.source(), p.tag());
                    }
                } finally {
                    held.unlock();
                }
                if (buf != null) {
                    return new Received(mpi.waitFor(req), buf);
                }
                // Polling is the scheme's nature (the paper's point); bounded by the deadline, yielding the core.
                if ((spins & 63) == 63) {
                    if (System.nanoTime() - deadlineNanos > 0) {
                        throw new IllegalStateException("2D polling found no message within the deadline");
                    }
                    Thread.yield();
                } else {
                    Thread.onSpinWait();
                }
            }
        }

        /** OUT's helper thread: the only caller of probe(ANY, ANY); receives each message and hands it over. */
        private void outsideHelper(int total) {
            for (int i = 0; i < total; i++) {
                AuditStatus p = mpi.probe(w, AuditMpi.ANY_SOURCE, AuditMpi.ANY_TAG);
                int[] buf = new int[p.count()];
                long req = mpi.irecv(w, buf, buf.length, p.source(), p.tag());
                matcher.deliver(p.source(), p.tag(), new Arrival(buf, req));
            }
        }

        /** Checks one received message against what was sent; counts it in {@link #seen}. */
        private void check(Received got, int source, int tag) {
            if (got == null || got.status() == null) {
                return;                                  // already counted as bad
            }
            AuditStatus st = got.status();
            int[] d = got.data();
            if (!any && (st.source() != source || st.tag() != tag)) {
                bad("directed receive (" + source + ", " + tag + ") got (" + st.source() + ", " + st.tag() + ")");
                return;
            }
            if (st.count() != d.length || d.length == 0) {
                bad("status count " + st.count() + " but " + d.length + " ints posted (probed) from ("
                        + st.source() + ", " + st.tag() + ")");
                return;
            }
            int seq = d[0];
            int origin = pattern == Pattern.RATE ? st.source() : 0;
            int stream = pattern == Pattern.RATE ? st.source() - 1 : st.tag();
            if (seq < 0 || seq >= n || stream < 0 || stream >= threads || d.length != size(ints, seq)) {
                bad("message (" + st.source() + ", " + st.tag() + ") seq " + seq + " has " + d.length + " ints");
                return;
            }
            for (int k = 1; k < d.length; k++) {
                if (d[k] != element(origin, st.tag(), seq, k)) {
                    bad("message (" + st.source() + ", " + st.tag() + ") seq " + seq + ": element " + k + " is wrong");
                    return;
                }
            }
            seen.incrementAndGet(stream * n + seq);
        }

        private void bad(String why) {
            bad.increment();
            firstBad.compareAndSet(null, method + " " + ints * 4 + " B: " + why);
        }

        /** Adds this block's wrong messages (and each (stream, seq) not received exactly once) to the rank's. */
        void collect(LongAdder total, List<String> evidence) {
            long missing = 0;
            for (int i = 0; i < seen.length(); i++) {
                if (seen.get(i) != 1) {
                    missing++;
                }
            }
            if (missing > 0 && bad.sum() == 0) {
                firstBad.compareAndSet(null, method + " " + ints * 4 + " B: " + missing
                        + " messages not received exactly once");
            }
            total.add(bad.sum() + missing);
            if (firstBad.get() != null) {
                evidence.add(firstBad.get());
            }
        }
    }

    /**
     * Runs {@code body(0..count-1)} on platform threads (native blocking calls spin: not virtual ones) and
     * joins them; a hang is ended by the target's deadline for the whole run. Rethrows the first failure.
     */
    static void onThreads(int count, IntConsumer body) throws InterruptedException {
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread[] ts = new Thread[count];
        for (int t = 0; t < count; t++) {
            int k = t;
            ts[t] = Thread.ofPlatform().name("unknown-size-" + k).start(() -> {
                try {
                    body.accept(k);
                } catch (Throwable e) {
                    failure.compareAndSet(null, e);
                }
            });
        }
        for (Thread t : ts) {
            t.join();
        }
        if (failure.get() != null) {
            throw new IllegalStateException("a receiving thread failed", failure.get());
        }
    }
}
