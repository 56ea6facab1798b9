package org.mpiverify.lincheck.mpi;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.mpiverify.lincheck.Budget;
import org.mpiverify.lincheck.CoreWithTwin;
import org.mpiverify.lincheck.Lincheck;
import org.mpiverify.lincheck.TwinJvm;
import org.mpiverify.testkit.ThreadDumpOnFailure;
import org.mpiverify.testkit.TwinTest;

/**
 * Reference counting of a communicator ({@code Comm}'s atomic count: the handle plus one per request in
 * flight; Gropp &amp; Thakur §4.1, Balaji et al. §5.3) and of its requests ({@code RequestState}): a
 * communicator made by {@code dup} on a 1-rank job; one thread uses the handle (irecv, self-send, free)
 * while other threads complete its requests (cancel, then test until complete) and so drop request and
 * communicator references concurrently. Linearizable with respect to {@link CommRefFifoSpec}; after
 * every execution the context id is back in the rank's mask exactly when the communicator was freed
 * and no request on it is still held ({@code @Validate}, at quiescence).
 *
 * <p>Determinism: MPI makes using a handle concurrently with its free erroneous, so irecv, send and
 * free share a non-parallel group (one thread at a time); completions run on any thread. The context
 * id's return is a side effect of whichever thread drops the last reference — possibly a sender
 * finishing its delivery after the receiver's test already completed — so it is not compared while
 * operations run (MPI only promises reuse "after they have completed") but validated at quiescence.
 * Messages are all alike (source 0, tag 0, eager), requests are completed oldest first, free runs at
 * most once, errors are returned (ERRORS_RETURN) and reported by class. What happens when a program
 * does race a free with an irecv is a finding: {@link CommIrecvRacesFree}.
 *
 * <p>Twin: {@code NonAtomicRefCountComm} (a patch in twins/patches/lincheck), {@code Comm} itself with its
 * count updated by a read and a separate write; it keeps Comm's name, so the same calls run on the core loaded
 * again with it in Comm's place ({@link CoreWithTwin}), in a JVM of its own ({@link TwinJvm}).
 */
@ExtendWith(ThreadDumpOnFailure.class)
public class CommRefCountLinearizabilityTest extends CommRefCountOperations {
    static final String SUITE = "CommRefCountLinearizabilityTest";
    static final String CHECKS = "Comm and request reference counts: irecv/send/free (one thread) vs cancel+test (any thread); id returned iff freed and idle";
    static final String TWIN = "NonAtomicRefCountComm";

    public CommRefCountLinearizabilityTest() {
        super(new CommRefCountCalls());
    }

    @Test
    @Timeout(value = 150, unit = TimeUnit.SECONDS)
    void modelChecking() {
        Lincheck.checkModel(SUITE, CHECKS, getClass(), CommRefFifoSpec.class, Budget.modelChecking());
    }

    @Test
    @Timeout(value = 150, unit = TimeUnit.SECONDS)
    void stress() {
        Lincheck.checkStress(SUITE, CHECKS, getClass(), CommRefFifoSpec.class, Budget.stress());
    }

    /** In a JVM of its own ({@link TwinJvm}): the twin is a class named Comm, like the one the other checks run. */
    @TwinTest
    @Timeout(value = 150, unit = TimeUnit.SECONDS)
    void nonAtomicRefCountTwinIsRejected() throws Exception {
        TwinJvm.expectRejected(TWIN, "communicator reference count updated by read-then-write",
                Twin.class, CommRefFifoSpec.class, Budget.twin(), Duration.ofSeconds(120));
    }

    /** The same operations on the core with the twin's Comm. */
    public static class Twin extends CommRefCountOperations {
        @SuppressWarnings("unchecked")
        public Twin() {
            super(CoreWithTwin.newInstance(TWIN, CommRefCountCalls.class.getName(), Function.class));
        }
    }

    /**
     * Regression test for the finding of {@link CommIrecvRacesFree}: Comm.retainRef now refuses to revive a
     * count that reached zero, so an irecv racing a free either retains first (the id stays taken until the
     * receive completes) or fails with ERR_COMM; both are linearizable against {@link CommRefSpec}.
     */
    @Test
    @Timeout(value = 150, unit = TimeUnit.SECONDS)
    void irecvRacingFreeIsLinearizable() {
        Lincheck.checkModel("CommIrecvRacesFree", "irecv racing free on one handle: ERR_COMM or the id stays taken",
                CommIrecvRacesFree.class, CommRefSpec.class, Budget.modelChecking());
    }
}
