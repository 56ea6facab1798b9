package org.mpiverify.lincheck.core.sync;

import java.util.concurrent.locks.Lock;
import org.jetbrains.lincheck.datastructures.IntGen;
import org.jetbrains.lincheck.datastructures.Operation;
import org.jetbrains.lincheck.datastructures.Param;
import org.mpiverify.core.sync.CriticalSections;
import org.mpiverify.core.sync.Section;

/**
 * The operations of {@link CriticalSectionsLinearizabilityTest}: a plain read-increment-write of a counter per
 * named section ({@code COMM}, {@code CONTEXT_ID}) guarded by that section of {@code cs}, compared with
 * {@link SectionCountersSpec}; {@code incrementInCall} enters the call (ALLFUNC) first, as an MPI call does.
 * The sections are the real {@link CriticalSections} of a granularity (the suite) or its no-lock
 * configuration driven by concurrent threads (the twin).
 */
@Param(name = "s", gen = IntGen.class, conf = "0:1")
public abstract class SectionCountersOperations {
    private static final Section[] SECTIONS = {Section.COMM, Section.CONTEXT_ID};

    private final CriticalSections cs;
    private final int[] counters = new int[2];

    protected SectionCountersOperations(CriticalSections cs) {
        this.cs = cs;
    }

    @Operation
    public int increment(@Param(name = "s") int s) {
        Lock l = cs.section(SECTIONS[s]);
        l.lock();
        try {
            int v = counters[s];
            counters[s] = v + 1;
            return v + 1;
        } finally {
            l.unlock();
        }
    }

    @Operation
    public int incrementInCall(@Param(name = "s") int s) {
        cs.enterCall(() -> false);
        try {
            return increment(s);
        } finally {
            cs.exitCall();
        }
    }

    @Operation
    public int get(@Param(name = "s") int s) {
        Lock l = cs.section(SECTIONS[s]);
        l.lock();
        try {
            return counters[s];
        } finally {
            l.unlock();
        }
    }
}
