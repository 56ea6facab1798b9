/**
 * Runs TLC for trace validation: {@link org.mpiverify.trace.tlc.TlcSession} keeps one TLC JVM per trace, whose main
 * class {@link org.mpiverify.trace.tlc.TlcWindowServer} checks the trace's windows one after another; {@link
 * org.mpiverify.trace.tlc.TraceLogOperator} gives a trace spec that reads its trace as data the events of a file
 * (TLC finds it through {@code tlc2.overrides.TLCOverrides}, a class of this module in TLC's package). Imports TLC
 * ({@code tlc2}, {@code util}) and {@code org.mpiverify.specs} only.
 */
package org.mpiverify.trace.tlc;
