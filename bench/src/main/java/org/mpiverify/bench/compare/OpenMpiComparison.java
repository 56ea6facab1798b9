package org.mpiverify.bench.compare;

import org.mpiverify.harness.nativempi.NativeTarget;

/** Open MPI (Debian {@code openmpi-bin libopenmpi-dev}) through the harness's FFM binding, one JVM per rank. */
public final class OpenMpiComparison extends AuditComparisonTarget {
    public OpenMpiComparison() {
        super("Open MPI", NativeTarget.openmpi());
    }
}
