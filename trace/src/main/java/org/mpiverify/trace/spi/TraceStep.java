package org.mpiverify.trace.spi;

/**
 * One event of a trace as TLC reads it, and as a person reads it in a report.
 *
 * @param number      its place in the trace, from 1
 * @param seq         its stamp in the recorded global order
 * @param lane        the spec's name of the thread that took it (a lane of the sequence diagram)
 * @param javaThread  the Java thread that took it
 * @param tla         the event as a TLA+ record
 * @param description the step in words
 * @param site        the Java frames that produced it, innermost first (empty if not recorded)
 */
public record TraceStep(int number, long seq, String lane, String javaThread, String tla, String description,
                        String site) {}
