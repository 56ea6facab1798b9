package org.mpiverify.reports;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Reads every {@code out/bench/<name>.json} generically, since the benchmarks' figures grow: a title
 * ({@code title}, else {@code benchmark}, else the file name), the machine ({@code machine}), each
 * top-level array of objects as a table (nested objects flattened to {@code a.b} columns), and the plot
 * {@code <name>.svg} beside it if there is one. Where rows carry a boolean {@code met} (a target), the
 * verdict says how many were met.
 */
public final class BenchResults {
    /** A table: its JSON key, the column names in first-seen order, the rows as cell texts. */
    public record Table(String title, List<String> columns, List<List<String>> rows) {}

    /** One benchmark file. */
    public record Figure(String name, String title, Map<String, String> machine, List<Table> tables, Path plot,
                         int targets, int met, Stamp stamp) implements CheckResult {
        public CheckKind kind() {
            return CheckKind.BENCHMARK;
        }

        public Verdict verdict() {
            return targets == 0 || met == targets ? Verdict.PASS : Verdict.HAZARD;
        }

        public String label() {
            return targets == 0 ? "measured" : met + "/" + targets + " targets met";
        }
    }

    private BenchResults() {}

    static List<Figure> load(Path outDir, Freshness freshness, List<String> problems) {
        Path dir = outDir.resolve("bench");
        List<Figure> figures = new ArrayList<>();
        if (!Files.isDirectory(dir)) return figures;
        List<Path> files;
        try (Stream<Path> s = Files.list(dir)) {
            files = s.filter(f -> f.getFileName().toString().endsWith(".json")).sorted().toList();
        } catch (IOException e) {
            problems.add(dir + ": " + e.getMessage());
            return figures;
        }
        for (Path f : files) {
            try {
                figures.add(read(f, freshness));
            } catch (IOException | IllegalArgumentException e) {
                problems.add(f + ": " + e.getMessage());
            }
        }
        return figures;
    }

    private static Figure read(Path f, Freshness freshness) throws IOException {
        Map<String, Object> root = Json.parseObject(Files.readString(f));
        String name = f.getFileName().toString().replace(".json", "");
        String title = Json.str(root, "title", null);
        if (title == null) title = Json.str(root, "benchmark", name);
        Map<String, String> machine = new LinkedHashMap<>();
        Object m = root.get("machine");
        if (m instanceof Map<?, ?> mm) mm.forEach((k, v) -> machine.put(String.valueOf(k), String.valueOf(v)));
        else if (m != null) machine.put("machine", String.valueOf(m));
        List<Table> tables = new ArrayList<>();
        int targets = 0, met = 0;
        for (Map.Entry<String, Object> e : root.entrySet()) {
            if (!(e.getValue() instanceof List<?> l) || l.isEmpty() || !(l.get(0) instanceof Map<?, ?>)) continue;
            List<String> columns = new ArrayList<>();
            List<Map<String, String>> flat = new ArrayList<>();
            for (Object row : l) {
                if (!(row instanceof Map<?, ?> r)) continue;
                Map<String, String> cells = new LinkedHashMap<>();
                flatten("", r, cells);
                cells.keySet().forEach(k -> { if (!columns.contains(k)) columns.add(k); });
                flat.add(cells);
                if (r.get("met") instanceof Boolean b) {
                    targets++;
                    if (b) met++;
                }
            }
            List<List<String>> rows = flat.stream().map(c -> columns.stream().map(k -> c.getOrDefault(k, "")).toList())
                    .toList();
            tables.add(new Table(e.getKey(), columns, rows));
        }
        Path plot = null;
        String plotName = Json.str(root, "plot", null);
        for (Path p : plotName == null ? List.of(f.resolveSibling(name + ".svg"))
                : List.of(f.resolveSibling(plotName), f.resolveSibling(name + ".svg"))) {
            if (plot == null && Files.isRegularFile(p)) plot = p;
        }
        Stamp stamp = Stamp.of("bench/" + f.getFileName(), root, freshness, CheckKind.BENCHMARK.inputs());
        return new Figure(name, title, machine, tables, plot, targets, met, stamp);
    }

    private static void flatten(String prefix, Map<?, ?> m, Map<String, String> out) {
        for (Map.Entry<?, ?> e : m.entrySet()) {
            String k = prefix + e.getKey();
            if (e.getValue() instanceof Map<?, ?> inner) flatten(k + ".", inner, out);
            else if (e.getValue() instanceof Double d) out.put(k, d == Math.rint(d) && Math.abs(d) < 1e15
                    ? String.valueOf(d.longValue()) : String.format(java.util.Locale.ROOT, "%.3f", d));
            else out.put(k, String.valueOf(e.getValue()));
        }
    }
}
