package org.mpiverify.mpi;

import org.mpiverify.core.coll.Schedule;

/**
 * The uses a reduction holds on a {@link UserOp} (Gropp &amp; Thakur §4.1): a blocking reduction for the whole
 * call, a nonblocking one from its start until its schedule finishes. Taking the use is the first thing the
 * reduction does inside its call frame, so a freed op is ERR_OP through the communicator's error handler, and
 * nothing else has changed. A predefined op holds nothing: {@link Comm} sends it down the path it always took, with
 * no allocation or use of its own.
 *
 * <p>Thread safety: a {@code NonblockingUse} belongs to the starting thread until its schedule starts; after
 * that only the schedule's finish (in whichever thread moves it) touches the op, through
 * {@link Schedule#whenFinished}.
 */
final class OpUses {
    private OpUses() {}

    /** Runs a blocking reduction with the user op {@code u}, holding a use of it for the whole call. */
    static void during(UserOp u, Runnable reduction) {
        u.beginUse();
        try {
            reduction.run();
        } finally {
            u.endUse();
        }
    }

    /**
     * The use of a nonblocking reduction's user op: taken when its schedule is built, ended when the schedule
     * finishes, or by {@link #abandon} if the start failed after the build (the schedule then never runs).
     */
    static final class NonblockingUse {
        private final UserOp op;
        private boolean held;

        NonblockingUse(UserOp op) {
            this.op = op;
        }

        /** Takes the use and builds the schedule; the schedule's finish ends the use. */
        Schedule build(java.util.function.Supplier<Schedule> builder) {
            op.beginUse();
            Schedule s;
            try {
                s = builder.get();
            } catch (RuntimeException e) {
                op.endUse();
                throw e;
            }
            held = true;
            s.whenFinished(op::endUse);
            return s;
        }

        /** The start failed: if the schedule was built it will never run, so its use ends here. */
        void abandon() {
            if (held) {
                held = false;
                op.endUse();
            }
        }
    }
}
