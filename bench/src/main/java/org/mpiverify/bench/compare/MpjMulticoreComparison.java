package org.mpiverify.bench.compare;

import org.mpiverify.audit.mpj.MpjTarget;

/** MPJ Express (Debian {@code libmpj-java}) with its multicore device: ranks are threads of one JVM. */
public final class MpjMulticoreComparison extends AuditComparisonTarget {
    public MpjMulticoreComparison() {
        super("MPJ Express multicore", MpjTarget.multicore());
    }
}
