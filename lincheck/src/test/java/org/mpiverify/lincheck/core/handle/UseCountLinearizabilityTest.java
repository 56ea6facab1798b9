package org.mpiverify.lincheck.core.handle;

import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.mpiverify.core.handle.CheckThenAddUseCount;
import org.mpiverify.core.handle.ReadThenWriteUseCount;
import org.mpiverify.core.handle.UseCount;
import org.mpiverify.lincheck.Budget;
import org.mpiverify.lincheck.Lincheck;
import org.mpiverify.testkit.ThreadDumpOnFailure;
import org.mpiverify.testkit.TwinTest;

/**
 * The use count of a freeable handle ({@link UseCount}: derived datatypes and user ops, Gropp &amp; Thakur §4.1,
 * "Update Ref") is linearizable with respect to {@link UseCountSpec}: uses, added uses, ends of use and the user's
 * free from several threads never lose an update, the object is released exactly once, by the call that leaves it freed
 * with no use pending, and no use is granted after the free.
 *
 * <p>Determinism: every result is a function of (uses, freed, releases); misuse (an end of use with none
 * pending, a second free) is part of the specification (REFUSED), so any operation may run in any order.
 *
 * <p>Twins: {@link ReadThenWriteUseCount}, whose updates read the word and write it apart (no CAS), and
 * {@link CheckThenAddUseCount}, whose added use checks for a pending use and increments in two steps, so a use
 * added while the held one ends brings a released object back.
 */
@ExtendWith(ThreadDumpOnFailure.class)
public class UseCountLinearizabilityTest extends UseCountOperations {
    static final String SUITE = "UseCountLinearizabilityTest";
    static final String CHECKS = "UseCount tryUse/addUse/endUse/free/uses and release-once vs a sequential count";

    public UseCountLinearizabilityTest() {
        super(UseCount::new, UseCount::tryUse, UseCount::addUse, UseCount::endUse, UseCount::free, UseCount::uses,
                UseCount::isFreed);
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void modelChecking() {
        Lincheck.checkModel(SUITE, CHECKS, getClass(), UseCountSpec.class, Budget.modelChecking());
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void stress() {
        Lincheck.checkStress(SUITE, CHECKS, getClass(), UseCountSpec.class, Budget.stress().scaled(0.34, 0.5));
    }

    @TwinTest
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void readThenWriteTwinIsRejected() {
        Lincheck.expectRejected("ReadThenWriteUseCount", "use count read, then written apart instead of CAS",
                true, Twin.class, UseCountSpec.class, Budget.twin());
    }

    @TwinTest
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void checkThenAddTwinIsRejected() {
        // seeded: a freed handle with one use pending, whose holder adds a use while another thread ends the held one
        Lincheck.expectRejectedSeeded("CheckThenAddUseCount",
                "added use checked, then incremented apart: a released object used again",
                UseCountLinearizabilityTest.class, CheckThenAddTwin.class, UseCountSpec.class, Budget.twin(),
                c -> List.of(Lincheck.afterInit(List.of(Lincheck.actor(c, "tryUse"), Lincheck.actor(c, "free")),
                        List.of(Lincheck.actor(c, "addUse")), List.of(Lincheck.actor(c, "endUse")))));
    }

    /** The same operations on the known-bad twin. */
    public static class Twin extends UseCountOperations {
        public Twin() {
            super(ReadThenWriteUseCount::new, ReadThenWriteUseCount::tryUse, ReadThenWriteUseCount::addUse,
                    ReadThenWriteUseCount::endUse, ReadThenWriteUseCount::free, ReadThenWriteUseCount::uses,
                    ReadThenWriteUseCount::isFreed);
        }
    }

    /** The same operations on the check-then-add twin. */
    public static class CheckThenAddTwin extends UseCountOperations {
        public CheckThenAddTwin() {
            super(CheckThenAddUseCount::new, CheckThenAddUseCount::tryUse, CheckThenAddUseCount::addUse,
                    CheckThenAddUseCount::endUse, CheckThenAddUseCount::free, CheckThenAddUseCount::uses,
                    CheckThenAddUseCount::isFreed);
        }
    }
}
