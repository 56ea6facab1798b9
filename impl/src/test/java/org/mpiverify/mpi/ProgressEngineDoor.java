package org.mpiverify.mpi;

/**
 * The operations a Lincheck suite calls on a progress engine through its door: {@link ProgressEngineUnderTest}
 * on the real engine, and the same door on a known-bad twin of it (generated from a patch of that door), so that
 * one operations class serves the suite and its twin. Each names operation {@code i} of two and returns what a
 * user of the engine sees (see {@link ProgressEngineUnderTest}).
 */
public interface ProgressEngineDoor {
    String start(int i);

    String arrive(int i);

    String waitOn(int i);

    String test(int i);
}
