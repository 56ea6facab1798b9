package org.mpiverify.mutate.coreaudit;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.mpiverify.mutate.race.HappensBefore;
import org.mpiverify.results.Json;

/**
 * The files of the core's race column: {@code out/audit/core-race.md} (the matrix — per scenario and column, the
 * run's verdict where it did not pass and its distinct races — then each distinct race with both sides: code site,
 * access mode, thread, and the MPI call its thread was in) and the same as {@code core-race.json}.
 */
public final class CoreRaceReport {
    /** The files' base name. */
    public static final String NAME = "core-race";

    private CoreRaceReport() { }

    /** Writes both files into {@code dir}; returns the Markdown file. */
    public static Path write(CoreRaceAudit.Result r, Path dir) throws IOException {
        Files.createDirectories(dir);
        Path md = dir.resolve(NAME + ".md");
        Files.writeString(md, markdown(r), StandardCharsets.UTF_8);
        Files.writeString(dir.resolve(NAME + ".json"), Json.write(json(r)), StandardCharsets.UTF_8);
        return md;
    }

    /** A cell as the matrix shows it: {@code no race}, {@code RACE n}, after the verdict where it is not PASS. */
    public static String cellText(CoreRaceAudit.Cell c) {
        if (c == null) return "";
        String races = c.races().isEmpty() ? "no race" : "RACE " + c.races().size();
        return c.outcome().equals("PASS") ? races : c.outcome() + ", " + races;
    }

    static String markdown(CoreRaceAudit.Result r) {
        List<String> keys = new ArrayList<>(r.races().keySet());
        StringBuilder b = new StringBuilder("# The core's race column (the happens-before detector)\n\n");
        b.append("One run per cell on the instrumented core. A cell: `no race`, or `RACE n` (n distinct races, numbered below), "
                + "after the run's verdict where it is not PASS. Column kinds: safe (must show no race), unsafe (the audit's "
                + "deliberately unsafe variants; their defects are liveness and error-path defects, not data races), "
                + "race twin (a known-bad twin whose defect is a data race: must show it).\n\n");
        b.append("| scenario |");
        r.columns().forEach((c, kind) -> b.append(" ").append(c).append(" (").append(kind).append(") |"));
        b.append("\n| --- |");
        r.columns().forEach((c, kind) -> b.append(" --- |"));
        b.append('\n');
        for (String s : r.scenarios()) {
            b.append("| `").append(s).append("` |");
            for (String c : r.columns().keySet()) {
                CoreRaceAudit.Cell cell = r.cell(s, c);
                b.append(' ').append(cellText(cell));
                if (cell != null && !cell.races().isEmpty()) {
                    b.append(" (");
                    for (int i = 0; i < cell.races().size(); i++) {
                        b.append(i == 0 ? "" : ", ").append('#').append(keys.indexOf(cell.races().get(i)) + 1);
                    }
                    b.append(')');
                }
                b.append(" |");
            }
            b.append('\n');
        }
        b.append("\n## Distinct races (by the pair of code sites)\n");
        if (keys.isEmpty()) b.append("\nNone.\n");
        int i = 0;
        for (CoreRaceAudit.Entry e : r.races().values()) {
            HappensBefore.Report x = e.race();
            b.append("\n### #").append(++i).append(": ").append(x.kind()).append(" race on `").append(x.variable()).append("`\n\n");
            b.append("- columns: ").append(String.join("; ", e.columns())).append('\n');
            b.append("- scenarios: ").append(String.join(", ", e.scenarios())).append(" (").append(e.cells()).append(" cells)\n");
            b.append("- first: ").append(side(x.first())).append('\n');
            b.append("- then: ").append(side(x.second())).append(", with no happens-before between them\n");
        }
        return b.toString();
    }

    private static String side(HappensBefore.Side s) {
        return "`" + s.site().owner() + "#" + s.site().method() + ":" + s.site().line() + "` " + s.site().what() + " ("
                + s.mode() + "), thread " + s.thread() + ", in " + (s.call() == null ? "no MPI call" : "`" + s.call() + "`");
    }

    static Map<String, Object> json(CoreRaceAudit.Result r) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("detector", "happens-before (mutate's race stage)");
        m.put("columns", r.columns());
        List<Object> cells = new ArrayList<>();
        for (CoreRaceAudit.Cell c : r.cells()) {
            Map<String, Object> x = new LinkedHashMap<>();
            x.put("scenario", c.scenario());
            x.put("column", c.column());
            x.put("outcome", c.outcome());
            x.put("summary", c.summary());
            x.put("races", c.races());
            cells.add(x);
        }
        m.put("cells", cells);
        List<Object> races = new ArrayList<>();
        r.races().forEach((key, e) -> {
            Map<String, Object> x = new LinkedHashMap<>();
            x.put("key", key);
            x.put("kind", e.race().kind());
            x.put("variable", e.race().variable());
            x.put("first", sideJson(e.race().first()));
            x.put("second", sideJson(e.race().second()));
            x.put("columns", e.columns());
            x.put("scenarios", e.scenarios());
            x.put("cells", e.cells());
            races.add(x);
        });
        m.put("races", races);
        return m;
    }

    private static Map<String, Object> sideJson(HappensBefore.Side s) {
        Map<String, Object> x = new LinkedHashMap<>();
        x.put("site", s.site().toString());
        x.put("mode", s.mode());
        x.put("thread", s.thread());
        x.put("call", s.call());
        return x;
    }
}
