package org.mpiverify.lincheck.core.contextid;

import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.mpiverify.core.contextid.MaskNotTakenContextIdAllocator;
import org.mpiverify.core.contextid.MultithreadedContextIdAllocator;
import org.mpiverify.lincheck.Budget;
import org.mpiverify.lincheck.Lincheck;
import org.mpiverify.testkit.ThreadDumpOnFailure;
import org.mpiverify.testkit.TwinTest;

/**
 * The process-local part of {@link MultithreadedContextIdAllocator} (Gropp &amp; Thakur §5.3, Fig. 3):
 * taking and releasing the mask ({@code maskInUse}), choosing the lowest common id from the AND, and
 * updating {@code lowestContextId} ({@code lowestKey}), by concurrent threads of one process, against
 * {@link ContextIdSpec}.
 *
 * <p>Determinism: the collective step is replaced by a deterministic local function that ANDs the
 * caller's words with a fixed "other members" buffer (ids 2..5 free except 3, every member owning its
 * mask), i.e. the other processes are always ready and never change. Then the lowest common id at an
 * allocate's linearization point (the owner's snapshot under the lock) is determined, and so is
 * exhaustion (capacity 6: three common ids). A thread that finds the mask in use or a lower key
 * pending contributes zeros, "allreduces" and retries, exactly as with real members; Lincheck reports
 * a livelock if the lowestKey hand-over ever leaves a thread retrying forever. Parents {0, 1} give
 * two distinct priority keys. release(t) returns thread t's most recent id (harness slot t).
 *
 * <p>Twin: {@link MaskNotTakenContextIdAllocator} (the owner never sets maskInUse).
 */
@ExtendWith(ThreadDumpOnFailure.class)
public class ContextIdLocalLinearizabilityTest extends ContextIdOperations {
    static final String SUITE = "ContextIdLocalLinearizabilityTest";
    static final String CHECKS = "MultithreadedContextIdAllocator local steps (mask in use, lowest common id, lowestKey) vs a free set";

    public ContextIdLocalLinearizabilityTest() {
        super(new MultithreadedContextIdAllocator(ContextIdSpec.CAPACITY, false));
    }

    @Test
    @Timeout(value = 150, unit = TimeUnit.SECONDS)
    void modelChecking() {
        Lincheck.checkModel(SUITE, CHECKS, getClass(), ContextIdSpec.class, Budget.modelChecking());
    }

    @Test
    @Timeout(value = 150, unit = TimeUnit.SECONDS)
    void stress() {
        Lincheck.checkStress(SUITE, CHECKS, getClass(), ContextIdSpec.class, Budget.stress());
    }

    @TwinTest
    @Timeout(value = 150, unit = TimeUnit.SECONDS)
    void maskNotTakenTwinIsRejected() {
        Lincheck.expectRejectedSeeded("MaskNotTakenContextIdAllocator", "the owner never sets maskInUse (the mask is not taken)",
                ContextIdLocalLinearizabilityTest.class, Twin.class, ContextIdSpec.class, Budget.twin(),
                c -> List.of(Lincheck.afterInit(List.of(Lincheck.actor(c, "allocate", 2, 0)),
                        List.of(Lincheck.actor(c, "allocate", 1, 0)), List.of(Lincheck.actor(c, "allocate", 2, 0)))));
    }

    /** The same operations on the known-bad twin. */
    public static class Twin extends ContextIdOperations {
        public Twin() {
            super(new MaskNotTakenContextIdAllocator(ContextIdSpec.CAPACITY, false));
        }
    }
}
