/**
 * Runs TLC for trace validation: {@link org.mpiverify.trace.tlc.TlcSession} keeps one TLC JVM per trace, whose main
 * class {@link org.mpiverify.trace.tlc.TlcWindowServer} checks the trace's windows one after another. Imports TLC
 * ({@code tlc2}, {@code util}) and {@code org.mpiverify.specs} only.
 */
package org.mpiverify.trace.tlc;
