package org.mpiverify.lincheck.core.sync;

import java.util.concurrent.TimeUnit;
import org.jetbrains.lincheck.datastructures.Operation;
import org.jetbrains.lincheck.datastructures.Param;
import org.jetbrains.lincheck.datastructures.ThreadIdGen;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.mpiverify.core.sync.BlockedThreads;
import org.mpiverify.lincheck.Budget;
import org.mpiverify.lincheck.Lincheck;
import org.mpiverify.testkit.ThreadDumpOnFailure;

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
@Param(name = "t", gen = ThreadIdGen.class)
public class BlockedThreadsLinearizabilityTest {
    static final String SUITE = "BlockedThreadsLinearizabilityTest";
    static final String CHECKS = "BlockedThreads add/remove/size/snapshot vs a set of registered threads";

    private final BlockedThreads registry = new BlockedThreads(1);
    private final BlockedThreads.Entry[] entries = new BlockedThreads.Entry[8];

    @Operation
    public boolean register(@Param(name = "t") int t) {
        if (entries[t] != null) return false;
        entries[t] = registry.add(Thread.currentThread());
        return true;
    }

    @Operation
    public boolean deregister(@Param(name = "t") int t) {
        if (entries[t] == null) return false;
        registry.remove(entries[t]);
        entries[t] = null;
        return true;
    }

    @Operation
    public int size() {
        return registry.size();
    }

    @Operation
    public int listed() {
        return registry.snapshot(100).size();
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

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void unlockedAddTwinIsRejected() {
        Lincheck.expectRejected("UnlockedAddBlockedThreads", "registration links its entry without the stripe's lock",
                true, Twin.class, RegistrySpec.class, Budget.twin().parallelOnly());
    }

    /** The same operations on the twin. */
    @Param(name = "t", gen = ThreadIdGen.class)
    public static class Twin {
        private final UnlockedAddBlockedThreads registry = new UnlockedAddBlockedThreads();
        private final UnlockedAddBlockedThreads.Entry[] entries = new UnlockedAddBlockedThreads.Entry[8];

        @Operation
        public boolean register(@Param(name = "t") int t) {
            if (entries[t] != null) return false;
            entries[t] = registry.add(Thread.currentThread());
            return true;
        }

        @Operation
        public boolean deregister(@Param(name = "t") int t) {
            if (entries[t] == null) return false;
            registry.remove(entries[t]);
            entries[t] = null;
            return true;
        }

        @Operation
        public int size() {
            return registry.size();
        }

        @Operation
        public int listed() {
            return registry.listed();
        }
    }
}
