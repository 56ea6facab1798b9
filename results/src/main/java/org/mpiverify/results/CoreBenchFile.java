package org.mpiverify.results;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * {@code out/bench/core.json}: the core's basic costs ({@code ./mpiverify bench core}), each beside the baseline
 * measured in the same run, written by the bench module's {@code CoreBench} and read by the dashboard, both through
 * this record ({@link #write}, {@link #read}).
 *
 * @param benchmark  {@code core}
 * @param provenance where the run comes from
 * @param date       when it ran (ISO-8601)
 * @param matching   the core's matching engine
 * @param machine    the machine it ran on
 * @param results    one row per measurement
 * @param lines      the cache-line moves predicted for the ping-pong beside what was measured
 * @param leftOut    the native libraries left out, each with why
 */
public record CoreBenchFile(String benchmark, Provenance provenance, String date, String matching,
                            BenchFigureFile.Machine machine, List<Row> results, Lines lines,
                            Map<String, String> leftOut) {
    /** The name of the file under {@code out/bench/}. */
    public static final String FILE = "core.json";

    public CoreBenchFile {
        results = results == null ? List.of() : List.copyOf(results);
        leftOut = leftOut == null ? Map.of() : Collections.unmodifiableMap(new TreeMap<>(leftOut));
    }

    /**
     * One measurement beside its baseline.
     *
     * @param name          what was measured
     * @param unit          its unit
     * @param stats         its statistics over the trials
     * @param baseline      the baseline's name
     * @param baselineStats the baseline's statistics
     * @param ratio         median over the baseline's median
     * @param target        the target, in words
     * @param met           whether the target was met, null when it has none
     */
    public record Row(String name, String unit, Stats stats, String baseline, Stats baselineStats, double ratio,
                      String target, Boolean met) { }

    /** The statistics of a measurement's trials: median, extremes, quartiles and how many trials. */
    public record Stats(double median, double min, double p25, double p75, double max, int n) { }

    /**
     * The cache-line moves per ping-pong message that {@code docs/design.md}'s table predicts, and what the run measured.
     *
     * @param engine             the matching engine
     * @param lines              the lines the engine touches
     * @param moves              line moves per message
     * @param onPath             moves on the message's path
     * @param floorMoves         the bare posted receive's moves
     * @param floorOnPath        its moves on the path
     * @param predictedOverFloor the ratio predicted if the moves on the path set the cost
     * @param measuredOverFloor  the ratio measured
     * @param handoffs           the ping-pong in spin handoffs
     */
    public record Lines(String engine, int lines, int moves, int onPath, int floorMoves, int floorOnPath,
                        double predictedOverFloor, double measuredOverFloor, double handoffs) { }

    /** Writes {@code file} (and its folders). */
    public void write(Path file) throws IOException {
        Json.writeFile(file, this);
    }

    /** Reads {@code file}; a malformed one, or one with a key this record does not have, is an {@link IllegalArgumentException}. */
    public static CoreBenchFile read(Path file) throws IOException {
        return Json.readFile(file, CoreBenchFile.class);
    }
}
