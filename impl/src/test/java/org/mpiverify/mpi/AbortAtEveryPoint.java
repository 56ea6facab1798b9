package org.mpiverify.mpi;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;
import org.mpiverify.core.sync.WaitPoint.Wait;
import org.mpiverify.mpi.Quiescence.Invariant;
import org.mpiverify.mpi.WaitPointInjection.At;

/**
 * Aborts that land at every point of every way a call waits, by injection ({@link WaitPointInjection}): before
 * the wait registers, between its last look and its park, while it is parked, and while it wakes. Each point
 * is hit twice: by an MPI_Abort of another rank, made exactly there, and by the job's deadline ({@link Job#run}),
 * which passes while the waiter is held at the point (or parked). The promise checked is MPI_Abort's and the
 * deadline's as {@code docs/errors.md} states it: every blocked call of every rank fails with ERR_ABORTED, and
 * promptly ({@link #PROMPT_MILLIS}; a wait that slept through the abort would wait forever). After an MPI_Abort
 * whose waiters have all returned, no thread is left registered as waiting ({@link Invariant#WAITERS}).
 *
 * <p>The waits, each with more than one waiter and on more than one rank:
 * <ul>
 *   <li>{@link #completion}: receives ({@code Completion.await});</li>
 *   <li>{@link #eventCount}: blocking probes ({@code EventCount.await});</li>
 *   <li>{@link #registry}: {@code waitAny}, which parks in the rank's blocked-thread registry
 *       ({@code RankContext.parkInCall});</li>
 *   <li>{@link #poller} and {@link #standby}: the progress engine's two roles, while an ibarrier is outstanding;</li>
 *   <li>{@link #collective}: a blocking barrier that one rank never joins, on three ranks.</li>
 * </ul>
 * And one that is not an abort: {@link #standbyHandOff} makes the poller leave exactly while a standby waiter is
 * on its way to park, with the transfer that waiter needs completed meanwhile, and checks the waiter's
 * collective still completes (a waiter must not park on standby when no poller is left).
 *
 * <p>Each entry point is public, static and without arguments, and returns what went wrong as text (empty: all
 * held), so that it can run in a {@code TwinClassLoader} with a known-bad twin in place of a core class
 * ({@link AbortAtEveryPointTest}).
 */
public final class AbortAtEveryPoint {
    private AbortAtEveryPoint() {}

    /**
     * How long after the abort every waiter must have returned: a woken waiter returns in microseconds, and a lost
     * wake-up never; the margin is for a loaded machine (a job's own run gives its aborted threads 2 s).
     */
    static final long PROMPT_MILLIS = 3_000;
    /** How long the set-up may take to bring a wait to its point (a loaded machine), before that is a failure. */
    private static final long SETUP_MILLIS = 30_000;

    /** One blocked call of a scenario: made by a thread of {@code rank}. */
    private record Waiter(int rank, String name, boolean target, Call call) {
    }

    @FunctionalInterface
    private interface Call {
        void run(Comm world);
    }

    /**
     * A wait to abort: its kind, its ranks, where its target thread parks, its waiters. If {@code pollerFirst}, the
     * first waiter is started alone and the others only once it is the progress engine's poller, parked.
     */
    private record Scenario(String name, Wait kind, int ranks, String parkedIn, boolean pollerFirst, List<Waiter> waiters) {
    }

    private static final int NEVER_SENT = 7;

    private static Call recvFrom(int source) {
        return w -> w.recv(new int[1], 0, 1, Datatype.INT, source, NEVER_SENT);
    }

    public static List<String> completion() {
        return everyPoint(new Scenario("receives", Wait.COMPLETION, 2, "Completion.await", false, List.of(
                new Waiter(0, "recv-a", true, recvFrom(1)),
                new Waiter(0, "recv-b", true, w -> w.recv(new int[1], 0, 1, Datatype.INT, 1, NEVER_SENT + 1)),
                new Waiter(1, "recv-c", false, recvFrom(0)))));
    }

    public static List<String> eventCount() {
        return everyPoint(new Scenario("probes", Wait.EVENT_COUNT, 2, "EventCount.park", false, List.of(
                new Waiter(0, "probe-a", true, w -> w.probe(1, NEVER_SENT)),
                new Waiter(0, "probe-b", true, w -> w.probe(1, NEVER_SENT + 1)),
                new Waiter(1, "probe-c", false, w -> w.probe(0, NEVER_SENT)))));
    }

    private static Call waitAnyFrom(int source, int tag) {
        return w -> Request.waitAny(w.irecv(new int[1], 0, 1, Datatype.INT, source, tag));
    }

    public static List<String> registry() {
        return everyPoint(new Scenario("waitAny", Wait.REGISTRY, 2, "RankContext.parkInCall", false, List.of(
                new Waiter(0, "waitAny-a", true, waitAnyFrom(1, NEVER_SENT)),
                new Waiter(0, "waitAny-b", true, waitAnyFrom(1, NEVER_SENT + 1)),
                new Waiter(1, "waitAny-c", false, waitAnyFrom(0, NEVER_SENT)))));
    }

    /** Rank 0: an ibarrier rank 1 never joins, waited for by the poller, and a receive on standby; rank 1: a receive. */
    private static List<Waiter> ibarrierAndReceives(boolean pollerIsTarget) {
        return List.of(
                new Waiter(0, "ibarrier-wait", pollerIsTarget, w -> w.ibarrier().waitFor()),
                new Waiter(0, "recv-standby", !pollerIsTarget, recvFrom(1)),
                new Waiter(1, "recv-other-rank", false, recvFrom(0)));
    }

    public static List<String> poller() {
        return everyPoint(new Scenario("ibarrier poller", Wait.POLLER, 2, "RankContext.parkInCall", true,
                ibarrierAndReceives(true)));
    }

    public static List<String> standby() {
        return everyPoint(new Scenario("standby receive", Wait.STANDBY, 2, "RankContext.parkInCall", true,
                ibarrierAndReceives(false)));
    }

    public static List<String> collective() {
        return everyPoint(new Scenario("barrier", Wait.COMPLETION, 3, "Completion.await", false, List.of(
                new Waiter(0, "barrier-0", true, Comm::barrier),
                new Waiter(1, "barrier-1", true, Comm::barrier),
                new Waiter(2, "recv-2", false, recvFrom(0)))));
    }

    /**
     * MPI_Abort, then the job's deadline, at each point in turn; stops at the first point that fails (a failure
     * costs {@link #PROMPT_MILLIS}, and one is enough to reject).
     */
    private static List<String> everyPoint(Scenario s) {
        List<String> failures = new ArrayList<>();
        for (At at : At.values()) {
            try {
                failures.addAll(abortAt(s, at));
                if (failures.isEmpty()) failures.addAll(deadlineAt(s, at));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                failures.add(s.name + " " + at + ": interrupted");
            }
            if (!failures.isEmpty()) break;
        }
        return failures;
    }

    private static JobConfig config(int ranks) {
        return JobConfig.of(ranks).withErrorHandler(ErrorHandler.ERRORS_RETURN);
    }

    private static List<String> abortAt(Scenario s, At at) throws InterruptedException {
        String where = s.name + " " + s.kind + " " + at;
        WaitPointInjection inj = new WaitPointInjection(s.kind, at);
        Job job = Job.create(config(s.ranks), inj);
        Comm[] world = new Comm[s.ranks];
        Mpi last = null;
        for (int r = 0; r < s.ranks; r++) {
            Mpi mpi = job.mpi(r);
            mpi.initThread(ThreadLevel.MULTIPLE);
            world[r] = mpi.commWorld();
            last = mpi;
        }
        Mpi aborter = last;
        inj.action(() -> aborter.abort(3));
        Map<Thread, Object> outcomes = new ConcurrentHashMap<>();
        List<Thread> threads = new ArrayList<>();
        for (Waiter w : s.waiters) {
            Thread t = Thread.ofPlatform().daemon(true).name(w.name).unstarted(() -> {
                try {
                    w.call.run(world[w.rank]);
                    outcomes.put(Thread.currentThread(), "returned normally");
                } catch (Throwable e) {
                    outcomes.put(Thread.currentThread(), e);
                }
            });
            if (w.target) inj.target(t);
            threads.add(t);
        }
        List<String> failures = new ArrayList<>();
        try {
            inj.arm();
            threads.get(0).start();
            if (s.pollerFirst && !awaitParkedPoller(job, threads.get(0), inj)) {
                return List.of(where + ": " + threads.get(0).getName() + " never became the parked poller\n" + Job.threadDump());
            }
            for (Thread t : threads.subList(1, threads.size())) t.start();
            if (!bringToPoint(inj, s.parkedIn)) {
                return List.of(where + ": no target waiter reached the point within " + SETUP_MILLIS + " ms\n" + Job.threadDump());
            }
            long end = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(PROMPT_MILLIS);
            for (Thread t : threads) {
                t.join(Math.max(1, TimeUnit.NANOSECONDS.toMillis(end - System.nanoTime())));
            }
            for (Thread t : threads) {
                Object o = outcomes.get(t);
                if (t.isAlive()) {
                    failures.add(where + ": " + t.getName() + " still waiting " + PROMPT_MILLIS + " ms after the abort\n"
                            + Job.threadDump());
                } else if (!(o instanceof MpiException e) || e.errorClass() != ErrorClass.ERR_ABORTED) {
                    failures.add(where + ": " + t.getName() + " ended with " + o + " instead of ERR_ABORTED");
                }
            }
        } finally {
            release(job, threads);
        }
        if (failures.isEmpty()) {
            for (Quiescence.Violation v : job.quiescence().violationsExcept(EnumSet.complementOf(EnumSet.of(Invariant.WAITERS)))) {
                failures.add(where + ": after every waiter returned, " + v);
            }
        }
        return failures;
    }

    /** The deadlines a deadline case tries, each until the deadline passed with a waiter at the point. */
    private static final long[] DEADLINES_MILLIS = {150, 600, 2_400};

    /**
     * The job's deadline ({@link Job#run}) passes while a target waiter is at {@code at}: held there (registration,
     * look, woken: the waiter yields at the point until the job is aborted; it must not park there, which could
     * take the abort's unpark), or parked (seen parked before the deadline). A deadline that came before a waiter
     * reached the point (a slow machine) proves nothing: the case is run again with a longer one.
     */
    private static List<String> deadlineAt(Scenario s, At at) throws InterruptedException {
        for (long deadline : DEADLINES_MILLIS) {
            List<String> f = deadlineAt(s, at, deadline);
            if (f != null) return f;
        }
        return List.of(s.name + " " + s.kind + " " + at + " at the deadline: no waiter was at the point when the "
                + DEADLINES_MILLIS[DEADLINES_MILLIS.length - 1] + " ms deadline passed");
    }

    /** One try of {@link #deadlineAt(Scenario, At)}; null if the deadline came before a waiter was at the point. */
    private static List<String> deadlineAt(Scenario s, At at, long deadlineMillis) throws InterruptedException {
        String where = s.name + " " + s.kind + " " + at + " at the deadline";
        WaitPointInjection inj = new WaitPointInjection(s.kind, at);
        AtomicReference<Job> made = new AtomicReference<>();
        AtomicBoolean atPoint = new AtomicBoolean();
        inj.action(() -> {   // hold the waiter at its point, without parking, until the deadline's abort
            atPoint.set(true);
            long end = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(SETUP_MILLIS);
            while (!made.get().isAborted() && System.nanoTime() - end < 0) {
                Thread.yield();
            }
        });
        Map<Thread, Object> outcomes = new ConcurrentHashMap<>();
        List<Thread> threads = new CopyOnWriteArrayList<>();
        Consumer<Job> before = Job.observer;
        Job.observer = made::set;
        JobResult result;
        try {
            result = Job.run(config(s.ranks), mpi -> {
                mpi.initThread(ThreadLevel.MULTIPLE);
                Comm world = mpi.commWorld();
                int rank = world.rank();
                inj.arm();
                List<Thread> mine = new ArrayList<>();
                for (Waiter w : s.waiters) {
                    if (w.rank != rank) continue;
                    Thread t = Thread.ofPlatform().daemon(true).name(w.name).unstarted(() -> {
                        try {
                            w.call.run(world);
                            outcomes.put(Thread.currentThread(), "returned normally");
                        } catch (Throwable e) {
                            outcomes.put(Thread.currentThread(), e);
                        }
                    });
                    if (w.target) inj.target(t);
                    mine.add(t);
                    threads.add(t);
                }
                mine.get(0).start();
                if (rank == 0 && s.pollerFirst && !awaitParkedPoller(made.get(), mine.get(0), inj)) return;
                for (Thread t : mine.subList(1, mine.size())) t.start();
                if (rank == 0 && (at == At.PARKED || at == At.WOKEN)) {
                    driveParkedOrWoken(inj, s.parkedIn, atPoint);
                }
                for (Thread t : mine) t.join(SETUP_MILLIS);
            }, java.time.Duration.ofMillis(deadlineMillis), inj);
        } finally {
            Job.observer = before;
        }
        List<String> failures = new ArrayList<>();
        try {
            if (!atPoint.get()) {
                return null;
            }
            if (!result.hung()) {
                failures.add(where + ": the job was to end at its deadline: " + result.describe());
            }
            long end = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(PROMPT_MILLIS);
            for (Thread t : threads) {
                t.join(Math.max(1, TimeUnit.NANOSECONDS.toMillis(end - System.nanoTime())));
            }
            for (Thread t : threads) {
                Object o = outcomes.get(t);
                if (t.isAlive()) {
                    failures.add(where + ": " + t.getName() + " still waiting " + PROMPT_MILLIS
                            + " ms after the deadline's abort\n" + Job.threadDump());
                } else if (!(o instanceof MpiException e) || e.errorClass() != ErrorClass.ERR_ABORTED) {
                    failures.add(where + ": " + t.getName() + " ended with " + o + " instead of ERR_ABORTED");
                }
            }
        } finally {
            release(made.get(), threads);
        }
        return failures;
    }

    /** In a rank's main: brings the thread that looked to its park (PARKED), or wakes it so that it holds at WOKEN. */
    private static void driveParkedOrWoken(WaitPointInjection inj, String parkedIn, AtomicBoolean atPoint) {
        long end = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(SETUP_MILLIS);
        while (inj.looked() == null) {
            if (System.nanoTime() - end > 0) return;
            LockSupport.parkNanos(1_000_000L);
        }
        Thread t = inj.looked();
        if (!WaitPointInjection.awaitParked(t, parkedIn, SETUP_MILLIS)) return;
        if (inj.at() == At.PARKED) {
            atPoint.set(true);   // the deadline passes with the waiter parked
        } else {
            inj.armWoken();
            LockSupport.unpark(t);
        }
    }

    /** Runs the injection's action at its point: by itself (registration, look) or driven from here (parked, woken). */
    private static boolean bringToPoint(WaitPointInjection inj, String parkedIn) throws InterruptedException {
        switch (inj.at()) {
            case BEFORE_REGISTRATION, LOOKED -> {
                return inj.awaitRan(SETUP_MILLIS);
            }
            default -> {
                long end = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(SETUP_MILLIS);
                while (inj.looked() == null) {
                    if (System.nanoTime() - end > 0) return false;
                    LockSupport.parkNanos(1_000_000L);
                }
                Thread t = inj.looked();
                if (!WaitPointInjection.awaitParked(t, parkedIn, SETUP_MILLIS)) return false;
                if (inj.at() == At.PARKED) {
                    inj.run();
                    return true;
                }
                inj.armWoken();
                LockSupport.unpark(t);   // a wake-up that does not end the wait (parks may return spuriously)
                return inj.awaitRan(SETUP_MILLIS);
            }
        }
    }

    /**
     * True once {@code t} is rank 0's progress-engine poller and parked, or once {@code inj} has run (in
     * {@code t}, the poller, on its way to park: it is aborted before it could park).
     */
    private static boolean awaitParkedPoller(Job job, Thread t, WaitPointInjection inj) {
        long end = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(SETUP_MILLIS);
        while (!inj.ran()) {
            if (job.rank(0).progress.holdings().poller() == t && t.getState() == Thread.State.WAITING
                    && WaitPointInjection.awaitParked(t, "RankContext.parkInCall", 0)) {
                return true;
            }
            if (System.nanoTime() - end > 0 || !t.isAlive() && !inj.ran()) return false;
            LockSupport.parkNanos(1_000_000L);
        }
        return true;
    }

    /**
     * Ends what a failed case left waiting, so that it does not outlive the test: aborts the job if nothing did,
     * then wakes its ranks' registered threads until every waiter has returned (at most 10 s).
     */
    private static void release(Job job, List<Thread> threads) throws InterruptedException {
        job.shutdown();
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        for (Thread t : threads) {
            while (t.isAlive() && System.nanoTime() - end < 0) {
                for (int r = 0; r < job.size(); r++) job.rank(r).blocked.wakeAll();
                LockSupport.unpark(t);
                t.join(1);
            }
        }
    }

    /**
     * Rank 0's thread A waits for an ibarrier on the world (it is the poller, parked) and then thread B for an
     * ibarrier on a duplicate; when B reaches {@code at} on its way to standby, rank 1 joins A's ibarrier (A
     * completes, leaves the poller role, and returns) and then B's (B's receive completes with no poller parked
     * and B not yet registered, so its signal wakes nobody). B's ibarrier must still complete, promptly: a waiter
     * that finds no poller left does not park on standby but polls (it takes the role).
     */
    public static List<String> standbyHandOff() {
        List<String> failures = new ArrayList<>();
        for (At at : List.of(At.BEFORE_REGISTRATION, At.LOOKED)) {
            try {
                failures.addAll(handOffAt(at));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                failures.add("standby hand-off " + at + ": interrupted");
            }
            if (!failures.isEmpty()) break;
        }
        return failures;
    }

    private static List<String> handOffAt(At at) throws InterruptedException {
        String where = "standby hand-off STANDBY " + at;
        WaitPointInjection inj = new WaitPointInjection(Wait.STANDBY, at);
        Job job = Job.create(config(2), inj);
        Comm[] world = new Comm[2];
        for (int r = 0; r < 2; r++) {
            Mpi mpi = job.mpi(r);
            mpi.initThread(ThreadLevel.MULTIPLE);
            world[r] = mpi.commWorld();
        }
        Comm[] dup = new Comm[2];
        Thread dupper = Thread.ofPlatform().daemon(true).start(() -> dup[1] = world[1].dup());
        dup[0] = world[0].dup();
        dupper.join(SETUP_MILLIS);
        Map<String, Object> outcomes = new ConcurrentHashMap<>();
        CountDownLatch aDone = new CountDownLatch(1);
        Thread a = Thread.ofPlatform().daemon(true).name("poller-A").unstarted(() -> {
            outcomes.put("A", outcome(() -> world[0].ibarrier().waitFor()));
            aDone.countDown();
        });
        Thread b = Thread.ofPlatform().daemon(true).name("standby-B").unstarted(
                () -> outcomes.put("B", outcome(() -> dup[0].ibarrier().waitFor())));
        List<Thread> threads = new ArrayList<>(List.of(a, b));
        inj.target(b);
        inj.action(() -> {   // in B's thread, at its point: the poller leaves, then B's transfer completes
            Thread peer = Thread.ofPlatform().daemon(true).name("rank1-joins").start(() -> {
                outcomes.put("rank 1 on the world", outcome(() -> world[1].ibarrier().waitFor()));
                try {
                    if (!aDone.await(SETUP_MILLIS, TimeUnit.MILLISECONDS)) return;
                } catch (InterruptedException e) {
                    return;
                }
                outcomes.put("rank 1 on the duplicate", outcome(() -> dup[1].ibarrier().waitFor()));
            });
            threads.add(peer);
            try {
                peer.join(SETUP_MILLIS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        List<String> failures = new ArrayList<>();
        try {
            inj.arm();
            a.start();
            if (!awaitParkedPoller(job, a, inj)) {
                return List.of(where + ": A never became the parked poller\n" + Job.threadDump());
            }
            b.start();
            if (!inj.awaitRan(SETUP_MILLIS)) {
                return List.of(where + ": B never reached the point\n" + Job.threadDump());
            }
            b.join(PROMPT_MILLIS);
            if (b.isAlive()) {
                failures.add(where + ": B's ibarrier, whose transfers have all completed, still waiting " + PROMPT_MILLIS
                        + " ms after the poller left\n" + Job.threadDump());
            }
            for (String k : List.of("A", "B", "rank 1 on the world", "rank 1 on the duplicate")) {
                Object o = outcomes.get(k);
                if (o != null && !"ok".equals(o)) failures.add(where + ": " + k + " ended with " + o);
            }
        } finally {
            release(job, threads);
        }
        return failures;
    }

    private static Object outcome(Runnable call) {
        try {
            call.run();
            return "ok";
        } catch (Throwable e) {
            return e;
        }
    }
}
