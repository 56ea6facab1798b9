package org.mpiverify.harness.nativempi;

import java.time.Duration;
import org.mpiverify.mpi.Job;
import org.mpiverify.testkit.Deadlines;

/**
 * Runs a test body on its own platform thread with a deadline; past it, prints every thread's stack
 * ({@link Job#threadDump()}) and fails. Hung native runs are killed by the target itself; this is
 * the backstop in case the target's own deadline handling hangs.
 */
final class Deadline {
    interface Body<T> { T get() throws Exception; }

    private Deadline() { }

    static <T> T within(Duration limit, String what, Body<T> body) throws Exception {
        return Deadlines.within(limit, what, Job::threadDump, body::get);
    }
}
