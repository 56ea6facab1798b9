package org.mpiverify.bench.compare;

import org.mpiverify.harness.nativempi.NativeTarget;

/** MPICH (Debian {@code mpich libmpich-dev}) through the harness's FFM binding, one JVM per rank. */
public final class MpichComparison extends AuditComparisonTarget {
    public MpichComparison() {
        super("MPICH", NativeTarget.mpich());
    }
}
