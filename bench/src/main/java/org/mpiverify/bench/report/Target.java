package org.mpiverify.bench.report;

/**
 * A target of the issue judged against figures measured in the same run.
 *
 * @param name      what is judged, e.g. "THREAD_MULTIPLE over SINGLE, 8 B"
 * @param criterion the target, e.g. "<= 1.05x SINGLE"
 * @param value     the measured ratio or figure ({@code NaN} when not evaluated)
 * @param status    MET, MISSED, or NOT_EVALUATED (a needed series is absent from this run)
 * @param detail    how the value was obtained, or why it was not evaluated
 */
public record Target(String name, String criterion, double value, Status status, String detail) {

    public enum Status { MET, MISSED, NOT_EVALUATED }

    public static Target judged(String name, String criterion, double value, boolean met, String detail) {
        return new Target(name, criterion, value, met ? Status.MET : Status.MISSED, detail);
    }

    public static Target notEvaluated(String name, String criterion, String why) {
        return new Target(name, criterion, Double.NaN, Status.NOT_EVALUATED, why);
    }
}
