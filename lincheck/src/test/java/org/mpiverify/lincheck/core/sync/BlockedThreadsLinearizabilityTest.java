package org.mpiverify.lincheck.core.sync;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.mpiverify.core.sync.BlockedThreads;
import org.mpiverify.core.sync.UnlockedAddBlockedThreads;
import org.mpiverify.lincheck.Budget;
import org.mpiverify.lincheck.Lincheck;
import org.mpiverify.testkit.ThreadDumpOnFailure;
import org.mpiverify.testkit.TwinTest;

/**
 * {@link BlockedThreads}, the job's registry of parked threads (abort wakes them, dumps list them), is a
 * linearizable set of registrations: {@code register} adds the calling thread's entry, {@code deregister}
 * removes it, {@code size} and {@code listed} count them, against {@link RegistrySpec}. One stripe, so
 * every operation meets the others on one lock and one list.
 *
 * <p>Determinism: each Lincheck thread registers at most once at a time (its entry kept in a slot indexed
 * by its ThreadIdGen id, as the core's waits keep theirs on the stack). No init or post part (thread ids).
 * The no-lost-abort protocol (register, then check the flag; set the flag, then wake all) is a
 * memory-model question: jcstress {@code BlockedThreadsAbortVsParkRace}.
 *
 * <p>Twin: {@link UnlockedAddBlockedThreads} (registration links its entry without the stripe's lock).
 */
@ExtendWith(ThreadDumpOnFailure.class)
public class BlockedThreadsLinearizabilityTest extends BlockedThreadsOperations<BlockedThreads.Entry> {
    static final String SUITE = "BlockedThreadsLinearizabilityTest";
    static final String CHECKS = "BlockedThreads add/remove/size/snapshot vs a set of registered threads";

    public BlockedThreadsLinearizabilityTest() {
        super(new BlockedThreads(1), BlockedThreads::add, BlockedThreads::remove, BlockedThreads::size,
                r -> r.snapshot(100).size());
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void modelChecking() {
        Lincheck.checkModel(SUITE, CHECKS, getClass(), RegistrySpec.class, Budget.modelChecking().parallelOnly());
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void stress() {
        Lincheck.checkStress(SUITE, CHECKS, getClass(), RegistrySpec.class, Budget.stress().parallelOnly());
    }

    @TwinTest
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void unlockedAddTwinIsRejected() {
        Lincheck.expectRejected("UnlockedAddBlockedThreads", "registration links its entry without the stripe's lock",
                true, Twin.class, RegistrySpec.class, Budget.twin().parallelOnly());
    }

    /** The same operations on the twin, one stripe. */
    public static class Twin extends BlockedThreadsOperations<UnlockedAddBlockedThreads.Entry> {
        public Twin() {
            super(new UnlockedAddBlockedThreads(1), UnlockedAddBlockedThreads::add, UnlockedAddBlockedThreads::remove,
                    UnlockedAddBlockedThreads::size, r -> r.snapshot(100).size());
        }
    }
}
