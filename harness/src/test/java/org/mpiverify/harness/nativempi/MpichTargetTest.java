package org.mpiverify.harness.nativempi;

import java.util.Optional;

/** {@link NativeTargetContract} on MPICH 4.0.2 (Debian {@code mpich libmpich-dev}). */
class MpichTargetTest extends NativeTargetContract {
    private final NativeTarget target = NativeTarget.mpich();

    @Override NativeTarget target() { return target; }
    @Override String expectedVersion() { return "4.0.2"; }
    /**
     * MPICH 4.0.2 delivers the data but leaves the status empty (source 0, tag 0, count 0) — checked
     * with a C program too; MPI-4 says it is the receive's status ({@code 1-rank/2/1}).
     */
    @Override Optional<String> isendrecvStatus(int rank) { return Optional.of("0/0/0"); }
}
