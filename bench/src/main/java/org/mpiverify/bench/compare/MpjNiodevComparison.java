package org.mpiverify.bench.compare;

import org.mpiverify.audit.mpj.MpjTarget;

/** MPJ Express (Debian {@code libmpj-java}) with its niodev device: one JVM per rank on loopback. */
public final class MpjNiodevComparison extends AuditComparisonTarget {
    public MpjNiodevComparison() {
        super("MPJ Express niodev", MpjTarget.niodev());
    }
}
