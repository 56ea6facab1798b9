package org.mpiverify.trace;

import static org.mpiverify.results.XmlText.attr;
import static org.mpiverify.results.XmlText.text;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.mpiverify.trace.spi.TraceStep;

/**
 * The verdicts of one validation as a JUnit XML report (the format of Maven Surefire's {@code TEST-*.xml}), so that
 * CI servers and IDEs that read test reports show a rejected trace as a failing test: one {@code testcase} per trace
 * (class {@code trace.<algorithm>}, name the trace's), a REJECTED trace a {@code failure} whose message names the
 * first bad event and the violated invariant or property (or that no step of the spec takes the event), whose type
 * is the trace spec, and whose text holds the event as recorded and as TLC read it, the state before it and the
 * report; an ERROR (TLC failed) an {@code error}.
 *
 * <p>Traces of a known-bad twin are expected to be rejected: there a REJECTED trace passes (the twin was caught, said
 * in its {@code system-out}), an ACCEPTED one is {@code skipped} (the twin's race did not show in that run), and one
 * more testcase, {@code caught}, fails if no trace of the twin was rejected, as the command's exit status does.
 *
 * <p>Thread safety: stateless; {@link #write} writes one file.
 */
public final class TraceJUnitReport {
    private TraceJUnitReport() {}

    /**
     * Writes the report of {@code verdicts} to {@code file}.
     *
     * @param twin the known-bad twin the traces were taken from, or null (the core: every trace must be accepted)
     */
    public static void write(Path file, List<TraceVerdict> verdicts, String twin) {
        try {
            Files.createDirectories(file.toAbsolutePath().getParent());
            Files.writeString(file, xml(verdicts, twin), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The report as text. */
    static String xml(List<TraceVerdict> verdicts, String twin) {
        long rejected = verdicts.stream().filter(v -> v.status() == TraceVerdict.Status.REJECTED).count();
        long errors = verdicts.stream().filter(v -> v.status() == TraceVerdict.Status.ERROR).count();
        long accepted = verdicts.size() - rejected - errors;
        boolean twinRun = twin != null;
        long failures = twinRun ? (rejected == 0 ? 1 : 0) : rejected;
        long skipped = twinRun ? accepted : 0;
        double seconds = verdicts.stream().mapToDouble(TraceVerdict::tlcSeconds).sum();
        StringBuilder b = new StringBuilder("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
        b.append("<testsuite name=\"").append(attr(twinRun ? "mpiverify.trace." + twin : "mpiverify.trace"))
                .append("\" tests=\"").append(verdicts.size() + (twinRun ? 1 : 0))
                .append("\" failures=\"").append(failures).append("\" errors=\"").append(errors)
                .append("\" skipped=\"").append(skipped).append("\" time=\"").append(seconds(seconds)).append("\">\n");
        for (TraceVerdict v : verdicts) {
            b.append("  <testcase classname=\"").append(attr("trace." + v.algorithm().id()))
                    .append("\" name=\"").append(attr(v.name())).append("\" time=\"").append(seconds(v.tlcSeconds()))
                    .append("\">\n");
            switch (v.status()) {
                case REJECTED -> {
                    if (twinRun) {
                        b.append("    <system-out>").append(text("the twin " + twin + " was caught: " + message(v)
                                + "\n")).append("</system-out>\n");
                    } else {
                        b.append("    <failure message=\"").append(attr(message(v))).append("\" type=\"")
                                .append(attr("specs/" + v.specModule() + ".tla")).append("\">")
                                .append(text(details(v))).append("</failure>\n");
                    }
                }
                case ERROR -> b.append("    <error message=\"").append(attr(firstLine(v.reason())))
                        .append("\" type=\"TLC\">").append(text(v.reason())).append("</error>\n");
                case ACCEPTED -> {
                    if (twinRun) {
                        b.append("    <skipped message=\"").append(attr("accepted: the twin's race did not show in"
                                + " this run")).append("\"/>\n");
                    }
                }
            }
            b.append("  </testcase>\n");
        }
        if (twinRun) {
            b.append("  <testcase classname=\"").append(attr("trace.twin")).append("\" name=\"")
                    .append(attr(twin + " caught")).append("\" time=\"0\">\n");
            if (rejected == 0) {
                b.append("    <failure message=\"").append(attr("the twin " + twin + " was not caught: none of its "
                        + verdicts.size() + " traces was rejected (its race may not have happened: run more)"))
                        .append("\" type=\"TwinNotCaught\"/>\n");
            }
            b.append("  </testcase>\n");
        }
        return b.append("</testsuite>\n").toString();
    }

    /** What a CI server shows first: the first bad event, and what the spec says of it. */
    static String message(TraceVerdict v) {
        String step = v.badStep() == null ? "" : " (" + v.badStep().description() + ")";
        String why = v.violated() != null ? "the spec's " + v.violated() + " is violated after it"
                : "no step of the spec takes it from the state before it";
        return "trace REJECTED at event " + v.firstBad() + " of " + v.events() + step + ": " + why;
    }

    private static String details(TraceVerdict v) {
        StringBuilder d = new StringBuilder(v.summary()).append('\n').append(v.reason()).append('\n');
        TraceStep s = v.badStep();
        if (s != null) {
            d.append("event ").append(s.number()).append(" (stamp ").append(s.seq()).append(", Java thread ")
                    .append(s.javaThread()).append("): ").append(s.description()).append('\n')
                    .append("as TLC read it: ").append(s.tla()).append('\n');
            if (!s.site().isEmpty()) d.append("at ").append(s.site()).append('\n');
        }
        if (!v.stateBefore().isEmpty()) {
            d.append("the spec's state just before it:\n");
            v.stateBefore().forEach((k, val) -> d.append("  ").append(k).append(" = ").append(val).append('\n'));
        }
        d.append("report: rejected/").append(TraceChecker.safe(v.name())).append(".md\n");
        return d.toString();
    }

    private static String firstLine(String s) {
        return s.lines().findFirst().orElse("");
    }

    private static String seconds(double s) {
        return String.format(Locale.ROOT, "%.3f", s);
    }
}
