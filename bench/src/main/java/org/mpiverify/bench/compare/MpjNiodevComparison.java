package org.mpiverify.bench.compare;

import java.util.Optional;
import org.mpiverify.harness.mpj.MpjAuditMpi;
import org.mpiverify.harness.mpj.MpjTarget;

/** MPJ Express (Debian {@code libmpj-java}) with its niodev device: one JVM per rank on loopback. */
public final class MpjNiodevComparison extends AuditComparisonTarget {
    public MpjNiodevComparison() {
        super("MPJ Express niodev", MpjTarget.niodev());
    }

    /** MPJ Express 0.44 has no matched probe, {@code Isendrecv}, {@code Comm_create_group} or {@code Request.Free}. */
    @Override
    public Optional<String> lacks(String mpiFunction) {
        return MpjAuditMpi.MISSING_FUNCTIONS.contains(mpiFunction)
                ? Optional.of("MPJ Express 0.44 has no " + mpiFunction) : Optional.empty();
    }
}
