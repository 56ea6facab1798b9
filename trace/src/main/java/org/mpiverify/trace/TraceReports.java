package org.mpiverify.trace;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.mpiverify.specs.SequenceDiagram;
import org.mpiverify.specs.TraceReport;
import org.mpiverify.trace.spi.TraceStep;

/**
 * What a person reads about a rejected trace: a Markdown page with the first event the spec could not take,
 * the spec's state just before it, the Java frames that produced it, and the events leading up to it as a
 * step table, beside a sequence diagram drawn by the TLC runner's {@link SequenceDiagram}.
 */
public final class TraceReports {
    private TraceReports() {}

    /** Writes {@code <name>.md} and {@code <name>.svg} of a rejected trace into {@code dir}; returns the page. */
    public static Path write(TraceVerdict v, Path dir) {
        String base = TraceChecker.safe(v.name());
        try {
            Files.createDirectories(dir);
            Files.writeString(dir.resolve(base + ".svg"), svg(v));
            Path md = dir.resolve(base + ".md");
            Files.writeString(md, markdown(v, base + ".svg"));
            return md;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The sequence diagram of the events before the first bad one, and that one in red. */
    public static String svg(TraceVerdict v) {
        List<SequenceDiagram.Row> rows = new ArrayList<>();
        for (TraceStep s : v.context()) {
            rows.add(new SequenceDiagram.Row(s.number(), s.lane(), s.description(), List.of(),
                    s.number() == v.firstBad(), false));
        }
        return SequenceDiagram.svg(v.name() + ": REJECTED at event " + v.firstBad(), rows, 0);
    }

    public static String markdown(TraceVerdict v, String svgName) {
        StringBuilder b = new StringBuilder();
        b.append("# ").append(v.name()).append(": ").append(v.status()).append("\n\n");
        b.append("- Implementation: ").append(v.variant()).append(" (").append(v.algorithm().id()).append(")\n");
        b.append("- Trace spec: `specs/").append(v.specModule()).append(".tla`\n");
        b.append("- Events: ").append(v.events()).append(", in ").append(v.windows()).append(" TLC run(s), ")
                .append(v.tlcSeconds()).append(" s\n");
        b.append("- Why: ").append(v.reason()).append('\n');
        if (!v.truncation().isEmpty()) b.append("- Recording: ").append(v.truncation()).append('\n');
        TraceStep bad = v.badStep();
        if (bad != null) {
            b.append("\n## The first bad event: ").append(bad.number()).append("\n\n");
            b.append("- Thread in the spec: `").append(bad.lane()).append("`, Java thread `").append(bad.javaThread())
                    .append("`, recorded at stamp ").append(bad.seq()).append('\n');
            b.append("- What the implementation did: ").append(bad.description()).append('\n');
            b.append("- As TLC read it: `").append(TraceReport.shorten(bad.tla().replace('\n', ' '), 600)).append("`\n");
            if (!bad.site().isEmpty()) {
                b.append("\nJava frames (innermost first):\n\n```\n").append(bad.site()).append("\n```\n");
            } else {
                b.append("\n(Java frames were not recorded: run with stacks on to see where the step came from.)\n");
            }
        }
        if (!v.stateBefore().isEmpty()) {
            b.append("\n## The spec's state just before it\n\n| Variable | Value |\n|---|---|\n");
            for (Map.Entry<String, String> e : v.stateBefore().entrySet()) {
                b.append("| ").append(e.getKey()).append(" | `")
                        .append(TraceReport.shorten(e.getValue().replace("|", "\\|"), 800)).append("` |\n");
            }
        }
        b.append("\n## The events up to it\n\n![message sequence](").append(svgName).append(")\n\n");
        b.append("| Event | Thread | Java thread | What the implementation did |\n|---:|---|---|---|\n");
        for (TraceStep s : v.context()) {
            String mark = s.number() == v.firstBad() ? " **(the spec cannot take this)**" : "";
            b.append("| ").append(s.number()).append(" | ").append(s.lane()).append(" | ").append(s.javaThread())
                    .append(" | ").append(s.description().replace("|", "\\|")).append(mark).append(" |\n");
        }
        return b.toString();
    }
}
