package org.mpiverify.core.coll;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.mpiverify.mpi.ErrorClass;
import org.mpiverify.mpi.MpiException;

/**
 * A {@link Schedule}'s finish when an action given by {@link Schedule#whenFinished} throws (a derived datatype's
 * unpacking into the user's buffer, say): the operation fails with that error and is still done, so a thread
 * waiting on it wakes instead of waiting for a signal that never comes; an error the operation had already failed
 * with is the one kept.
 */
class ScheduleFinishTest {
    /** A schedule that finishes at its first pass, or fails there with {@code error} if given. */
    private static final class OnePass extends Schedule {
        private final MpiException error;

        OnePass(MpiException error) {
            this.error = error;
        }

        @Override
        protected boolean advance() {
            if (error != null) {
                throw error;
            }
            return true;
        }
    }

    @Test
    void aFinishingActionThatThrowsFailsTheOperationWhichIsStillDone() {
        OnePass s = new OnePass(null);
        MpiException unpack = new MpiException(ErrorClass.ERR_TYPE, "unpacking failed");
        s.whenFinished(() -> {
            throw unpack;
        });
        assertTrue(s.progress(), "the schedule is not done after its finishing action threw");
        assertTrue(s.state().isDone(), "its completion was never signalled");
        assertSame(unpack, s.failure());
    }

    @Test
    void anUncheckedExceptionOfAFinishingActionIsErrIntern() {
        OnePass s = new OnePass(null);
        s.whenFinished(() -> {
            throw new IllegalStateException("a bug");
        });
        assertTrue(s.progress());
        assertEquals(ErrorClass.ERR_INTERN, s.failure().errorClass());
    }

    @Test
    void theOperationsOwnFailureIsKept() {
        MpiException own = new MpiException(ErrorClass.ERR_TRUNCATE, "a message too long");
        OnePass s = new OnePass(own);
        s.whenFinished(() -> {
            throw new MpiException(ErrorClass.ERR_TYPE, "unpacking failed");
        });
        assertTrue(s.progress());
        assertSame(own, s.failure());
    }
}
