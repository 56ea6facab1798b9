package org.mpiverify.audit.run;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import org.mpiverify.core.contextid.ContextIdAlgorithm;
import org.mpiverify.core.contextid.EmptyEagerFailsContextIdAllocator;
import org.mpiverify.core.matching.CancelMissKeepsLockEngine;
import org.mpiverify.core.matching.MatchingEngine;
import org.mpiverify.core.matching.TruncationDropsReceiveEngine;
import org.mpiverify.core.matching.TruncationKeepsLockEngine;
import org.mpiverify.core.sync.Granularity;
import org.mpiverify.harness.core.CoreTarget;
import org.mpiverify.mpi.CoreOverrides;
import org.mpiverify.mpi.JobConfig;
import org.mpiverify.mpi.MatchingKind;
import org.mpiverify.mpi.ThreadMode;

/**
 * The core's columns of the audit matrix: every safe granularity × matching engine on the JDK's threads, the
 * paper's configuration on Dang, Snir &amp; Gropp's bit-vector scheduler ({@link #bitVectorScheduler()}), then the
 * deliberately unsafe variants (known-bad twins and the experimental algorithms), which the audit must reject.
 * Each column is a {@link CoreTarget} in one configuration.
 */
public final class CoreColumns {
    /**
     * Deadline of one run on an unsafe configuration in a quick audit: those are expected to hang, and each
     * hang costs a whole deadline, so a quick audit waits less for them. Full audits use each scenario's own.
     */
    public static final Duration QUICK_UNSAFE_DEADLINE = Duration.ofSeconds(3);

    /** The known-bad idup allocation's name in reports (twins/patches/lincheck/EmptyEagerFailsAllocation.patch). */
    private static final String IDUP_TWIN = "EmptyEagerFailsAllocation";
    private static final String ENGINE_TWIN_PREFIX = "PER_OBJECT/QUEUES, matching ";
    private static final String LOCK_AROUND_CALL = "LOCK_AROUND_CALL/QUEUES";

    private CoreColumns() { }

    /** The columns of a full audit: no deadline cap. */
    public static List<AuditColumn> configurations() {
        return configurations(true);
    }

    /**
     * Every safe granularity × matching engine, then the experimental unsafe variants (marked unsafe),
     * these with {@link #QUICK_UNSAFE_DEADLINE} unless {@code full}.
     */
    public static List<AuditColumn> configurations(boolean full) {
        List<AuditColumn> l = new ArrayList<>();
        for (Granularity g : Granularity.values()) {
            if (g.isExperimental()) continue;
            for (MatchingKind m : MatchingKind.values()) {
                l.add(safe(g, m));
            }
        }
        l.add(bitVectorScheduler());
        l.addAll(unsafeConfigurations(full ? null : QUICK_UNSAFE_DEADLINE));
        return l;
    }

    /**
     * The column {@code PER_OBJECT/HASH_TABLE, bit-vector scheduler}: the paper's matching on its thread scheduler
     * ({@link ThreadMode#DANG_SCHEDULER}, one worker per rank), each rank's thread and every thread the scenario
     * starts from it (platform, virtual or pool; a foreign pool's stay platform threads) a user-level thread of the
     * rank's scheduler. A safe column: it must show what the core's other safe columns show.
     */
    public static AuditColumn bitVectorScheduler() {
        CoreTarget t = CoreTarget.of(Granularity.PER_OBJECT, MatchingKind.HASH_TABLE, ThreadMode.DANG_SCHEDULER);
        return new AuditColumn(t.configuration(), false, t);
    }

    /** Whether {@code column} runs the core's threads on the bit-vector scheduler. */
    public static boolean isBitVectorScheduler(AuditColumn column) {
        return column.name().endsWith(", " + CoreTarget.BIT_VECTOR_SCHEDULER);
    }

    public static AuditColumn safe(Granularity g, MatchingKind m) {
        CoreTarget t = CoreTarget.of(g, m);
        return new AuditColumn(t.configuration(), false, t);
    }

    /**
     * The deliberately unsafe variants: the lock held while blocked (Gropp &amp; Thakur Fig. 2), §5.1, §5.2, Fig. 3
     * as published, the idup allocation's known-bad twin, and three matching engines whose error paths are broken
     * (a truncating match or a cancel that misses keeps the context lock; a truncating arrival drops the receive).
     */
    public static List<AuditColumn> unsafeConfigurations(Duration deadlineCap) {
        List<AuditColumn> l = new ArrayList<>();
        // withExperimental(true) must come first: JobConfig refuses an experimental choice otherwise.
        JobConfig exp = JobConfig.of(1).withExperimental(true);
        l.add(new AuditColumn(LOCK_AROUND_CALL, true,
                new CoreTarget(LOCK_AROUND_CALL, exp.withGranularity(Granularity.LOCK_AROUND_CALL), deadlineCap)));
        for (ContextIdAlgorithm a : ContextIdAlgorithm.values()) {
            if (!a.isExperimental()) continue;
            String name = "PER_OBJECT/QUEUES, context ids " + a;
            l.add(new AuditColumn(name, true, new CoreTarget(name, exp.withContextIds(a), deadlineCap)));
        }
        // the Lincheck twin of the idup allocation (an empty all-owned eager round taken for exhaustion), on the
        // allocator that starts it in place of the real one
        String twin = "PER_OBJECT/QUEUES, idup " + IDUP_TWIN;
        l.add(new AuditColumn(twin, true, new CoreTarget(twin, exp.withOverrides(new CoreOverrides(
                IDUP_TWIN, capacity -> new EmptyEagerFailsContextIdAllocator(capacity, false), null)), deadlineCap)));
        // matching engines whose error paths keep the context lock or drop the receive (twins/patches/audit)
        l.add(engineTwin(exp, "TruncationKeepsLockEngine", TruncationKeepsLockEngine::new, deadlineCap));
        l.add(engineTwin(exp, "CancelMissKeepsLockEngine", CancelMissKeepsLockEngine::new, deadlineCap));
        l.add(engineTwin(exp, "TruncationDropsReceiveEngine", TruncationDropsReceiveEngine::new, deadlineCap));
        return l;
    }

    /** The column name of an engine twin, as {@link #unsafeConfigurations} names it. */
    public static String engineTwinColumn(String twin) {
        return ENGINE_TWIN_PREFIX + twin;
    }

    private static AuditColumn engineTwin(JobConfig exp, String name, Supplier<MatchingEngine> engine, Duration deadlineCap) {
        String column = engineTwinColumn(name);
        return new AuditColumn(column, true, new CoreTarget(column, exp.withOverrides(new CoreOverrides(name, null, engine)),
                deadlineCap));
    }
}
