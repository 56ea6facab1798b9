package org.mpiverify.bench.compare;

import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.mpiverify.harness.api.AuditMpi;
import org.mpiverify.harness.api.AuditStatus;
import org.mpiverify.harness.launch.RunOutcome;
import org.mpiverify.harness.scenario.RankReport;
import org.mpiverify.harness.scenario.Scenario;
import org.mpiverify.mpi.Job;

/** The benchmarks' scenarios run on the core in tests: with a deadline, and through a binding that lies. */
final class OnTheCore {
    private static final Duration LIMIT = Duration.ofSeconds(60);

    private OnTheCore() {
    }

    /** One run's reports; past 60 s, or a run that did not complete, fails the test with every thread's stack. */
    static List<RankReport> run(Scenario sc, Supplier<RunOutcome> once) {
        RunOutcome o = assertTimeoutPreemptively(LIMIT, once::get,
                () -> sc.id() + " exceeded " + LIMIT.toSeconds() + " s; threads:\n" + Job.threadDump());
        if (o instanceof RunOutcome.Completed c) {
            return c.reports();
        }
        System.err.println(sc.id() + " did not complete; threads:\n" + Job.threadDump());
        throw new AssertionError(sc.id() + ": " + o);
    }

    /** What a lying binding changes in the one message it corrupts. */
    enum Lie {
        /** Element 0 (a sequence number or a payload of one int). */
        ELEMENT_0,
        /** Element 1 (a payload word of a longer message); only messages of more than one element count. */
        ELEMENT_1,
        /** The count the status reports. */
        COUNT
    }

    /**
     * {@code d}, except that the {@code nth} message rank {@code rank} receives (whichever call delivers it:
     * recv, mrecv, or the wait of an irecv) is changed by {@code lie}.
     */
    static AuditMpi corrupting(AuditMpi d, int rank, int nth, Lie lie) {
        Map<Long, int[]> posted = new ConcurrentHashMap<>();
        AtomicInteger receives = new AtomicInteger();
        return (AuditMpi) Proxy.newProxyInstance(AuditMpi.class.getClassLoader(), new Class<?>[] {AuditMpi.class},
                (proxy, method, args) -> {
                    Object r;
                    try {
                        r = method.invoke(d, args);
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    }
                    int[] buf = switch (method.getName()) {
                        case "recv", "mrecv" -> (int[]) args[1];
                        case "irecv" -> {
                            posted.put((Long) r, (int[]) args[1]);
                            yield null;
                        }
                        case "waitFor" -> posted.remove((Long) args[0]);
                        default -> null;
                    };
                    if (buf != null && r instanceof AuditStatus s && (lie != Lie.ELEMENT_1 || s.count() > 1)
                            && d.commRank(d.commWorld()) == rank && receives.incrementAndGet() == nth) {
                        switch (lie) {
                            case ELEMENT_0 -> buf[0] ^= 0x40;
                            case ELEMENT_1 -> buf[1] ^= 1;
                            case COUNT -> {
                                return new AuditStatus(s.source(), s.tag(), s.count() + 1, s.cancelled(), s.error());
                            }
                        }
                    }
                    return r;
                });
    }
}
