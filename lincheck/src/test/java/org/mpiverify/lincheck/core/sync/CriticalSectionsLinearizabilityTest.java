package org.mpiverify.lincheck.core.sync;

import java.util.concurrent.TimeUnit;
import org.jetbrains.lincheck.datastructures.IntGen;
import org.jetbrains.lincheck.datastructures.Operation;
import org.jetbrains.lincheck.datastructures.Param;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.mpiverify.core.sync.CriticalSections;
import org.mpiverify.core.sync.Granularity;
import org.mpiverify.lincheck.Budget;
import org.mpiverify.lincheck.Lincheck;
import org.mpiverify.testkit.ThreadDumpOnFailure;
import org.mpiverify.testkit.TwinTest;

/**
 * {@link CriticalSections} (Balaji et al. §4 granularities) give mutual exclusion: a plain
 * read-increment-write of a counter guarded by a named section ({@code COMM}, {@code CONTEXT_ID}) is
 * linearizable with respect to {@link SectionCountersSpec}, under GLOBAL (the call holds the rank
 * mutex), BRIEF_GLOBAL (sections share the rank mutex) and PER_OBJECT (one mutex per section).
 * {@code incrementInCall} enters the call (ALLFUNC) first, as an MPI call does.
 *
 * <p>Determinism: each operation's result is the counter value it wrote or read; sections from {0, 1}.
 *
 * <p>Twin: {@link CriticalSections#unlocked()}, the lock-free configuration used below
 * THREAD_MULTIPLE, driven by concurrent threads: the lock dropped on every path.
 */
@ExtendWith(ThreadDumpOnFailure.class)
public class CriticalSectionsLinearizabilityTest extends SectionCountersOperations {
    static final String SUITE = "CriticalSectionsLinearizabilityTest";
    static final String CHECKS = "CriticalSections mutual exclusion per named section, GLOBAL/BRIEF_GLOBAL/PER_OBJECT";

    /** PER_OBJECT: one mutex per section. */
    public CriticalSectionsLinearizabilityTest() {
        super(CriticalSections.forMultiple(Granularity.PER_OBJECT, false));
    }

    /** BRIEF_GLOBAL: the sections share the rank mutex. */
    public static class BriefGlobal extends SectionCountersOperations {
        public BriefGlobal() {
            super(CriticalSections.forMultiple(Granularity.BRIEF_GLOBAL, false));
        }
    }

    private void both(Granularity g, Class<?> operations) {
        Lincheck.checkModel(SUITE, CHECKS + " [" + g + "]", operations, SectionCountersSpec.class,
                Budget.modelChecking().scaled(0.5, 1));
        Lincheck.checkStress(SUITE, CHECKS + " [" + g + "]", operations, SectionCountersSpec.class,
                Budget.stress().scaled(0.5, 0.5));
    }

    @Test
    @Timeout(value = 180, unit = TimeUnit.SECONDS)
    void perObject() {
        both(Granularity.PER_OBJECT, getClass());
    }

    @Test
    @Timeout(value = 180, unit = TimeUnit.SECONDS)
    void briefGlobal() {
        both(Granularity.BRIEF_GLOBAL, BriefGlobal.class);
    }

    @Test
    @Timeout(value = 180, unit = TimeUnit.SECONDS)
    void global() {
        // Under GLOBAL the named sections are empty: only incrementInCall is protected, so check that one.
        both(Granularity.GLOBAL, GlobalCalls.class);
    }

    @TwinTest
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void unlockedTwinIsRejected() {
        Lincheck.expectRejected("UnlockedCriticalSections",
                "CriticalSections.unlocked() (the no-lock sections of SINGLE/FUNNELED) used by concurrent threads",
                true, Twin.class, SectionCountersSpec.class, Budget.twin());
    }

    /** The same operations on the no-lock sections of SINGLE/FUNNELED, driven by concurrent threads. */
    public static class Twin extends SectionCountersOperations {
        public Twin() {
            super(CriticalSections.unlocked());
        }
    }

    /** Calls only (GLOBAL's protection is the call's rank mutex). */
    @Param(name = "s", gen = IntGen.class, conf = "0:1")
    public static class GlobalCalls {
        private final CriticalSections cs = CriticalSections.forMultiple(Granularity.GLOBAL, false);
        private final int[] counters = new int[2];

        @Operation
        public int incrementInCall(@Param(name = "s") int s) {
            cs.enterCall(() -> false);
            try {
                int v = counters[s];
                counters[s] = v + 1;
                return v + 1;
            } finally {
                cs.exitCall();
            }
        }

        @Operation
        public int get(@Param(name = "s") int s) {
            cs.enterCall(() -> false);
            try {
                return counters[s];
            } finally {
                cs.exitCall();
            }
        }
    }
}
