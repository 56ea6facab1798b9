package org.mpiverify.lincheck.core.handle;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.mpiverify.core.handle.ReadThenWriteUseCount;
import org.mpiverify.core.handle.UseCount;
import org.mpiverify.lincheck.Budget;
import org.mpiverify.lincheck.Lincheck;
import org.mpiverify.testkit.ThreadDumpOnFailure;
import org.mpiverify.testkit.TwinTest;

/**
 * The use count of a freeable handle ({@link UseCount}: derived datatypes and user ops, Gropp &amp; Thakur §4.1,
 * "Update Ref") is linearizable with respect to {@link UseCountSpec}: uses, ends of use and the user's free from
 * several threads never lose an update, the object is released exactly once, by the call that leaves it freed
 * with no use pending, and no use is granted after the free.
 *
 * <p>Determinism: every result is a function of (uses, freed, releases); misuse (an end of use with none
 * pending, a second free) is part of the specification (REFUSED), so any operation may run in any order.
 *
 * <p>Twin: {@link ReadThenWriteUseCount}, whose updates read the word and write it apart (no CAS).
 */
@ExtendWith(ThreadDumpOnFailure.class)
public class UseCountLinearizabilityTest extends UseCountOperations {
    static final String SUITE = "UseCountLinearizabilityTest";
    static final String CHECKS = "UseCount tryUse/endUse/free/uses and release-once vs a sequential count";

    public UseCountLinearizabilityTest() {
        super(UseCount::new, UseCount::tryUse, UseCount::endUse, UseCount::free, UseCount::uses, UseCount::isFreed);
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

    /** The same operations on the known-bad twin. */
    public static class Twin extends UseCountOperations {
        public Twin() {
            super(ReadThenWriteUseCount::new, ReadThenWriteUseCount::tryUse, ReadThenWriteUseCount::endUse,
                    ReadThenWriteUseCount::free, ReadThenWriteUseCount::uses, ReadThenWriteUseCount::isFreed);
        }
    }
}
