package org.mpiverify.trace;

import java.util.List;
import java.util.Map;
import org.mpiverify.core.trace.TraceRecorder.Algorithm;
import org.mpiverify.trace.spi.TraceStep;

/**
 * What TLC decided about one trace.
 *
 * @param name           the trace's name (scenario, configuration, run)
 * @param algorithm      which algorithm's steps
 * @param variant        the implementation that produced them
 * @param specModule     the trace spec TLC ran, {@code <folder>/<module>} ({@code specs/<folder>/<module>.tla})
 * @param status         ACCEPTED, REJECTED or ERROR
 * @param events         events validated (after any truncation)
 * @param windows        TLC runs the trace was cut into
 * @param tlcSeconds     wall seconds of those TLC runs, JVM starts included
 * @param distinctStates distinct states TLC found, summed over the windows
 * @param firstBad       REJECTED: the number (from 1) of the first event the spec could not take, or after
 *                       which an invariant failed; 0 otherwise
 * @param reason         REJECTED/ERROR: why, in words; ACCEPTED: empty
 * @param violated       the invariant or property TLC found violated, or null (no spec step takes the event)
 * @param badStep        the first bad event, or null
 * @param stateBefore    REJECTED: the spec's state just before the first bad event (variable to TLA+
 *                       value), empty if TLC did not print it
 * @param context        REJECTED: up to the last 40 events before the bad one and the bad one
 * @param truncation     why the recording ended early, or empty
 */
public record TraceVerdict(String name, Algorithm algorithm, String variant, String specModule, Status status,
                           int events, int windows, double tlcSeconds, long distinctStates, int firstBad,
                           String reason, String violated, TraceStep badStep, Map<String, String> stateBefore,
                           List<TraceStep> context, String truncation) {
    public enum Status { ACCEPTED, REJECTED, ERROR }

    public TraceVerdict {
        stateBefore = Map.copyOf(stateBefore);
        context = List.copyOf(context);
    }

    /** Events per second of TLC time. */
    public double eventsPerSecond() {
        return tlcSeconds <= 0 ? 0 : events / tlcSeconds;
    }

    /** One line: name, events, TLC time, verdict, and for a rejection the first bad event. */
    public String summary() {
        String s = String.format("%-60s %7d events %7.1f s  %s", name, events, tlcSeconds, status);
        if (status == Status.REJECTED) {
            s += " at event " + firstBad + (violated == null ? "" : " (" + violated + " violated)")
                    + (badStep == null ? "" : ": " + badStep.description());
        } else if (status == Status.ERROR) {
            s += ": " + reason.lines().findFirst().orElse("");
        } else if (tlcSeconds > 0) {
            s += String.format(" (%.0f events/s)", eventsPerSecond());
        }
        return s;
    }
}
