package org.mpiverify.audit.report;

import java.util.ArrayList;
import java.util.List;

/**
 * What TLC decided about the traces of a cell's runs ({@code audit --trace}): each run of a traced column records
 * the steps of the algorithms that have a trace spec, and every trace of the run (one per algorithm and unit the
 * spec models: a job's allocators, a rank's matching, ...) is validated against its spec. Over a cell's runs the
 * verdict is the worst one.
 *
 * @param verdict    the worst over the runs' traces ({@link Verdict})
 * @param runs       the runs recorded
 * @param traces     the traces validated, over the runs
 * @param rejected   of those, the ones TLC rejected
 * @param errors     of those, the ones TLC could not decide (or that could not be translated)
 * @param events     the events validated, over the traces
 * @param tlcSeconds TLC's wall time over the traces
 * @param summary    for REJECTED or ERROR the first such trace's verdict in one line, else what was validated
 * @param reports    each rejected trace's page (first bad event, the spec's state before it, the Java frames),
 *                   relative to the audit's output folder
 */
public record CellTrace(Verdict verdict, int runs, int traces, int rejected, int errors, long events,
                        double tlcSeconds, String summary, List<String> reports) {

    /** A trace verdict, best first: the order in which {@link #merge} keeps the worse one. */
    public enum Verdict {
        /** The runs recorded no step of a traced algorithm: nothing to validate. */
        NO_STEPS,
        /** Every trace is a behaviour of its spec. */
        ACCEPTED,
        /** TLC could not decide a trace (a deadline, a trace that could not be translated). */
        ERROR,
        /** A trace is no behaviour of its spec: the first event it could not take is in the report. */
        REJECTED
    }

    public CellTrace {
        reports = List.copyOf(reports);
    }

    /** The two cells' runs together: the worse verdict with its summary, the counts summed. */
    public static CellTrace merge(CellTrace a, CellTrace b) {
        if (a == null) return b;
        if (b == null) return a;
        CellTrace worse = b.verdict().compareTo(a.verdict()) > 0 ? b : a;
        List<String> reports = new ArrayList<>(a.reports());
        reports.addAll(b.reports());
        return new CellTrace(worse.verdict(), a.runs() + b.runs(), a.traces() + b.traces(), a.rejected() + b.rejected(),
                a.errors() + b.errors(), a.events() + b.events(), Math.round((a.tlcSeconds() + b.tlcSeconds()) * 10) / 10.0,
                worse.verdict() == Verdict.ACCEPTED ? accepted(a.traces() + b.traces(), a.events() + b.events())
                        : worse.summary(), reports);
    }

    /** The summary of accepted traces. */
    public static String accepted(int traces, long events) {
        return traces + " trace" + (traces == 1 ? "" : "s") + " of " + events + " events accepted";
    }

    /** {@code ACCEPTED 4/4}, {@code REJECTED 1/4}: the verdict and, of the traces, how many have it. */
    public String shortForm() {
        int n = switch (verdict) {
            case REJECTED -> rejected;
            case ERROR -> errors;
            case ACCEPTED -> traces;
            case NO_STEPS -> 0;
        };
        return verdict == Verdict.NO_STEPS ? "no steps" : verdict + " " + n + "/" + traces;
    }
}
