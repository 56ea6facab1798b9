package org.mpiverify.bench;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.mpiverify.results.Json;

/**
 * {@code bench core}'s targets and the cache-line moves per message predicted by {@code docs/design.md}'s table, as
 * data ({@value #RESOURCE}, next to this class): {@link CoreBench} judges every run against {@link #targets()} and
 * prints {@link #lineMoves()} beside the ping-pong, and {@code docs/measurements.md} shows {@link #markdown()}, so the
 * code and the page judge the same numbers. Every target is a ratio of two measurements of the same run. Immutable.
 *
 * @param about     what the file is
 * @param targets   the targets, in the order {@code bench core} reports them
 * @param lineMoves per protocol (an engine, or the bare posted receive), the lines one message moves between the two
 *                  cores, their moves, and the moves the receive waits for
 */
public record CoreTargets(String about, List<Target> targets, List<LineMoves> lineMoves) {
    /** The resource, beside this class. */
    public static final String RESOURCE = "core-targets.json";
    /** The protocol of {@link #lineMoves()} that the ping-pong's predictions are divided by. */
    public static final String FLOOR = "bare posted receive";

    public CoreTargets {
        targets = List.copyOf(Objects.requireNonNull(targets, "targets"));
        lineMoves = List.copyOf(Objects.requireNonNull(lineMoves, "lineMoves"));
    }

    /**
     * One target: {@code measurement} over {@code baseline} at most {@code bound} ({@code strict}: below it); with a
     * {@code floor}, at most the larger of {@code bound} and the floor's own ratio in the same run.
     */
    public record Target(String name, String measurement, String against, String baseline, double bound, boolean strict,
                         Floor floor) {
        public Target {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(measurement, name + ": measurement");
            Objects.requireNonNull(against, name + ": against");
            Objects.requireNonNull(baseline, name + ": baseline");
            if (!(bound > 0)) throw new IllegalArgumentException(name + ": bound must be positive, not " + bound);
        }

        /** The bound this run holds the ratio to: {@code bound}, or the floor's ratio if it has one and it is higher. */
        public double boundGiven(Optional<Double> floorRatio) {
            return floor == null ? bound : Math.max(bound, floorRatio.orElse(bound));
        }

        /** Whether {@code ratio} meets the target, given the floor's ratio of the same run (if it has a floor). */
        public boolean met(double ratio, Optional<Double> floorRatio) {
            double b = boundGiven(floorRatio);
            return strict ? ratio < b : ratio <= b;
        }

        /** The target as {@code bench core} prints it, e.g. {@code <= 2.00x posted-receive floor}. */
        public String text() {
            String s = String.format(Locale.ROOT, "%s %.2fx %s", strict ? "<" : "<=", bound, baseline);
            return floor == null ? s : s + " (or the floor's " + floor.measurement() + " / " + floor.baseline() + " if higher)";
        }
    }

    /** A floor measured beside a target: {@code measurement} over {@code baseline}, in the same run. */
    public record Floor(String measurement, String baseline) {
        public Floor {
            Objects.requireNonNull(measurement, "floor measurement");
            Objects.requireNonNull(baseline, "floor baseline");
        }
    }

    /** The cache lines one message moves with {@code protocol}: how many lines, their moves, the moves on the path. */
    public record LineMoves(String protocol, int lines, int moves, int onPath) {
        public LineMoves {
            Objects.requireNonNull(protocol, "protocol");
            if (lines < 1 || moves < lines || onPath > moves || onPath < 1) {
                throw new IllegalArgumentException(protocol + ": need 1 <= lines <= moves and 1 <= onPath <= moves");
            }
        }
    }

    /** The file shipped with the bench. */
    public static CoreTargets load() {
        try (InputStream in = CoreTargets.class.getResourceAsStream(RESOURCE)) {
            if (in == null) throw new IllegalStateException(RESOURCE + " is missing beside " + CoreTargets.class.getName());
            return parse(new String(in.readAllBytes(), StandardCharsets.UTF_8), CoreBench.MEASUREMENTS);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Reads {@code json}; every measurement a target names must be one of {@code known}, and the floor's line counts present. */
    public static CoreTargets parse(String json, Set<String> known) {
        CoreTargets t = Json.read(json, CoreTargets.class);
        for (Target g : t.targets()) {
            for (String m : g.floor() == null ? List.of(g.measurement(), g.baseline())
                    : List.of(g.measurement(), g.baseline(), g.floor().measurement(), g.floor().baseline())) {
                if (!known.contains(m)) throw new IllegalArgumentException(g.name() + ": no measurement named '" + m + "'");
            }
        }
        if (t.lines(FLOOR).isEmpty()) throw new IllegalArgumentException("lineMoves has no '" + FLOOR + "'");
        return t;
    }

    /** The line moves of {@code protocol} (an engine's name, or {@link #FLOOR}). */
    public Optional<LineMoves> lines(String protocol) {
        return lineMoves.stream().filter(l -> l.protocol().equals(protocol)).findFirst();
    }

    /** The targets as a Markdown table, for {@code docs/measurements.md}. */
    public String markdown() {
        StringBuilder sb = new StringBuilder("| `bench core` judges | against | target |\n|---|---|---|\n");
        for (Target t : targets) {
            String bound = String.format(Locale.ROOT, "%s %s×", t.strict() ? "<" : "≤", trim(t.bound()));
            sb.append("| ").append(t.name()).append(" | ").append(t.against()).append(" | ").append(bound).append(" |\n");
        }
        StringBuilder lines = new StringBuilder();
        for (LineMoves l : lineMoves) {
            lines.append(lines.isEmpty() ? "" : "; ").append(l.protocol()).append(" ").append(l.moves())
                    .append(" (").append(l.onPath()).append(" on the path, ").append(l.lines()).append(l.lines() == 1 ? " line)" : " lines)");
        }
        sb.append("\nBeside the ping-pong it prints its cost in spin handoffs and the line moves per message that the table of ")
                .append("[design.md](design.md#the-lines-one-message-moves) predicts: ").append(lines).append('.');
        return sb.toString();
    }

    private static String trim(double v) {
        return v == Math.rint(v) ? Long.toString((long) v) : Double.toString(v);
    }
}
