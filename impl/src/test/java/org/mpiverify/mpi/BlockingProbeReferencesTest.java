package org.mpiverify.mpi;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A blocking probe holds a reference on its communicator while it waits (so that a free meanwhile keeps the
 * context id taken), and gives it back when the message arrives: once the probe returned, the message is
 * received and the communicator freed, its context id is free again (MPI-3.1 §6.4.3: a freed communicator's
 * resources are released once its pending operations completed). For {@code probe} and {@code mprobe}, the
 * probe made to wait (the message is sent only once rank 0 is blocked in it).
 */
class BlockingProbeReferencesTest {
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"probe", "mprobe"})
    void theIdOfAFreedCommunicatorIsReleasedAfterABlockingProbe(String probe) {
        AtomicReference<Thread> prober = new AtomicReference<>();
        Jobs.ok(2, mpi -> {
            mpi.initThread(ThreadLevel.MULTIPLE);
            Comm w = mpi.commWorld();
            int before = mpi.freeContextIds();
            Comm d = w.dup();
            int[] b = new int[1];
            if (w.rank() == 0) {
                prober.set(Thread.currentThread());
                if (probe.equals("probe")) {
                    d.probe(1, 7);
                    d.recv(b, 0, 1, Datatype.INT, 1, 7);
                } else {
                    d.mprobe(1, 7, null).mrecv(b, 0, 1, Datatype.INT);
                }
                assertEquals(42, b[0]);
                d.free();
                w.barrier();
                assertEquals(before, mpi.freeContextIds(), "the id of the freed communicator after a blocking " + probe);
            } else {
                Thread t;
                while ((t = prober.get()) == null) Thread.onSpinWait();
                Jobs.awaitBlockedIn(t, probe);   // the message arrives while the probe waits for it
                d.send(new int[] {42}, 0, 1, Datatype.INT, 0, 7);
                d.free();
                w.barrier();
            }
            mpi.finalizeMpi();
        });
    }
}
