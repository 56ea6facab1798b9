package org.mpiverify.lincheck.mpi;

import org.jetbrains.lincheck.datastructures.Operation;
import org.jetbrains.lincheck.datastructures.Param;
import org.jetbrains.lincheck.datastructures.IntGen;

/**
 * The sequential specification of {@link org.mpiverify.mpi.ProgressEngineUnderTest}: two nonblocking operations,
 * each started once and completed by one transfer of its partner. A wait on a started operation returns "done"
 * once its transfer has arrived; before that it does not return at all ("never", which no real wait answers, so a
 * wait that returns is ordered after the arrival it needed); a test loop on an operation whose transfer has
 * arrived ends with it done.
 */
@Param(name = "i", gen = IntGen.class, conf = "0:1")
public class ProgressSpec {
    private final boolean[] started = new boolean[2];
    private final boolean[] arrived = new boolean[2];

    @Operation
    public String start(@Param(name = "i") int i) {
        if (started[i]) return "again";
        started[i] = true;
        return "started";
    }

    @Operation
    public String arrive(@Param(name = "i") int i) {
        if (!started[i]) return "not started";
        if (arrived[i]) return "again";
        arrived[i] = true;
        return "arrived";
    }

    @Operation
    public String waitOn(@Param(name = "i") int i) {
        if (!started[i]) return "not started";
        return arrived[i] ? "done" : "never";
    }

    @Operation
    public String test(@Param(name = "i") int i) {
        if (!started[i]) return "not started";
        return arrived[i] ? "done" : "not due";
    }
}
