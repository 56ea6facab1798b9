package org.mpiverify.lincheck.core.bsend;

import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.mpiverify.core.bsend.AttachedBuffer;
import org.mpiverify.core.bsend.CheckThenActAttachedBuffer;
import org.mpiverify.lincheck.Budget;
import org.mpiverify.lincheck.Lincheck;
import org.mpiverify.testkit.ThreadDumpOnFailure;
import org.mpiverify.testkit.TwinTest;

/**
 * {@link AttachedBuffer}, the buffer of buffered sends that every thread of a process shares (MPI-3.1 §3.6;
 * Gropp &amp; Thakur §3, class Own): attach, reserve (first fit), release, the two halves of a detach and the count
 * of its drain signals are linearizable against {@link AttachedBufferSpec}. So two threads' reserves never get
 * overlapping regions, a released region is reserved again, and the detach is signalled exactly once, only when
 * nothing is held.
 *
 * <p>Twin: {@link CheckThenActAttachedBuffer} (the region found in the layout read is published by a plain write:
 * two reserves take one gap).
 */
@ExtendWith(ThreadDumpOnFailure.class)
public class AttachedBufferLinearizabilityTest extends AttachedBufferOperations {
    static final String SUITE = "AttachedBufferLinearizabilityTest";
    static final String CHECKS = "AttachedBuffer attach/reserve/release/detach: regions never overlap, freed space is "
            + "reused, one drain signal per detach";

    public AttachedBufferLinearizabilityTest() {
        super(real(new AttachedBuffer()));
    }

    static Allocator real(AttachedBuffer b) {
        return new Allocator() {
            public void attach(Object buffer, int capacity) { b.attach(buffer, capacity); }
            public int reserve(long size) { return b.reserve(size); }
            public boolean release(int start) { return b.release(start); }
            public Object beginDetach(Runnable onDrained) { return b.beginDetach(onDrained); }
            public boolean finishDetach() { return b.finishDetach(); }
        };
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void modelChecking() {
        Lincheck.checkModel(SUITE, CHECKS, getClass(), AttachedBufferSpec.class, Budget.modelChecking());
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void stress() {
        Lincheck.checkStress(SUITE, CHECKS, getClass(), AttachedBufferSpec.class, Budget.stress().scaled(0.34, 0.5));
    }

    @TwinTest
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void checkThenActTwinIsRejected() {
        Lincheck.expectRejectedSeeded("CheckThenActAttachedBuffer",
                "the region found in the layout read is published by a plain write, not a CAS from that layout",
                AttachedBufferLinearizabilityTest.class, Twin.class, AttachedBufferSpec.class, Budget.twin().scaled(0.1, 0.4),
                c -> List.of(Lincheck.parallel(
                        List.of(Lincheck.actor(c, "reserve", 2), Lincheck.actor(c, "release", 0)),
                        List.of(Lincheck.actor(c, "reserve", 2), Lincheck.actor(c, "reserve", 2)))));
    }

    /** The known-bad twin, through the same operations. */
    public static class Twin extends AttachedBufferOperations {
        public Twin() {
            super(twin(new CheckThenActAttachedBuffer()));
        }

        static Allocator twin(CheckThenActAttachedBuffer b) {
            return new Allocator() {
                public void attach(Object buffer, int capacity) { b.attach(buffer, capacity); }
                public int reserve(long size) { return b.reserve(size); }
                public boolean release(int start) { return b.release(start); }
                public Object beginDetach(Runnable onDrained) { return b.beginDetach(onDrained); }
                public boolean finishDetach() { return b.finishDetach(); }
            };
        }
    }
}
