package org.mpiverify.lincheck.core.sync;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.mpiverify.core.sync.CheckThenActSerializedCallDetector;
import org.mpiverify.core.sync.SerializedCallDetector;
import org.mpiverify.lincheck.Budget;
import org.mpiverify.lincheck.Lincheck;
import org.mpiverify.testkit.ThreadDumpOnFailure;
import org.mpiverify.testkit.TwinTest;

/**
 * {@link SerializedCallDetector} (checked THREAD_SERIALIZED): enter/exit are linearizable with respect
 * to an owner slot ({@link DetectorSpec}): an overlap is reported iff another thread is inside.
 *
 * <p>Determinism: the detector identifies callers by {@code Thread.currentThread()}, the spec by
 * Lincheck's ThreadIdGen id of the same thread; results are booleans ("overlap seen"), not threads.
 * Scenarios have no init or post part: Lincheck runs those on one thread but gives their actors
 * arbitrary ThreadIdGen ids, which would break the thread/id correspondence.
 *
 * <p>Twin: {@link CheckThenActSerializedCallDetector}.
 */
@ExtendWith(ThreadDumpOnFailure.class)
public class SerializedCallDetectorLinearizabilityTest extends SerializedCallDetectorOperations {
    static final String SUITE = "SerializedCallDetectorLinearizabilityTest";
    static final String CHECKS = "SerializedCallDetector enter/exit vs an owner slot";

    public SerializedCallDetectorLinearizabilityTest() {
        super(new SerializedCallDetector(), SerializedCallDetector::enter, SerializedCallDetector::exit);
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void modelChecking() {
        Lincheck.checkModel(SUITE, CHECKS, getClass(), DetectorSpec.class, Budget.modelChecking().parallelOnly());
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void stress() {
        Lincheck.checkStress(SUITE, CHECKS, getClass(), DetectorSpec.class, Budget.stress().parallelOnly());
    }

    @TwinTest
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void checkThenActTwinIsRejected() {
        Lincheck.expectRejected("CheckThenActSerializedCallDetector", "enter reads the owner, then sets it (no CAS)",
                true, Twin.class, DetectorSpec.class, Budget.twin().parallelOnly());
    }

    /** The same operations on the known-bad twin. */
    public static class Twin extends SerializedCallDetectorOperations {
        public Twin() {
            super(new CheckThenActSerializedCallDetector(), CheckThenActSerializedCallDetector::enter,
                    CheckThenActSerializedCallDetector::exit);
        }
    }
}
