package org.mpiverify.harness.nativempi;

import java.util.Optional;

/** {@link NativeTargetContract} on Open MPI 4.1.4 (Debian {@code openmpi-bin libopenmpi-dev}). */
class OpenMpiTargetTest extends NativeTargetContract {
    private final NativeTarget target = NativeTarget.openmpi();

    @Override NativeTarget target() { return target; }
    @Override String expectedVersion() { return "4.1.4"; }
    @Override Optional<String> isendrecvStatus(int rank) { return Optional.empty(); }
    @Override boolean quickRunsTheVirtualThreadHang() { return false; }
}
