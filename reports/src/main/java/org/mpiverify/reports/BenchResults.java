package org.mpiverify.reports;

import org.mpiverify.results.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;
import org.mpiverify.results.Outcome;

/**
 * Reads every {@code out/bench/<name>.json} generically, since the benchmarks' figures grow: a title
 * ({@code title}, else {@code benchmark}, else the file name), the machine ({@code machine}), and each
 * top-level array of objects as tables:
 * <ul>
 *   <li>objects whose members include an array of objects (a plot with its series, each with its
 *       points) become one section each, with the object's plain members as caption and the nested
 *       arrays unrolled into rows (one row per point, carrying its series' name), and the plot
 *       {@code <name>-<id>.svg} beside the file if there is one;</li>
 *   <li>other arrays become one table (nested objects flattened to {@code a.b} columns).</li>
 * </ul>
 * SVG files {@code <name>.svg} and {@code <name>-*.svg} no section claims are shown as well. Where rows
 * carry a boolean {@code met} (a target), the verdict says how many were met.
 */
public final class BenchResults {
    /** A table: its title, the column names in first-seen order, the rows as cell texts. */
    public record Table(String title, List<String> columns, List<List<String>> rows) {}

    /** One plot of a figure file: title, caption, the plot file (null if none) and its data. */
    public record Section(String title, String caption, String id, Path plot, Table table) {}

    /** One benchmark file. */
    public record Figure(String name, String title, Map<String, String> machine, List<Section> sections,
                         List<Table> tables, List<Path> otherPlots, int targets, int met, Stamp stamp)
            implements CheckResult {
        public CheckKind kind() {
            return CheckKind.BENCHMARK;
        }

        public Outcome verdict() {
            return targets == 0 || met == targets ? Outcome.PASS : Outcome.HAZARD;
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

        List<Section> sections = new ArrayList<>();
        List<Table> tables = new ArrayList<>();
        int[] targets = new int[2];
        for (Map.Entry<String, Object> e : root.entrySet()) {
            List<Map<String, Object>> items = Json.objs(root, e.getKey());
            if (items.isEmpty() || e.getKey().equals("provenance")) continue;
            if (items.stream().anyMatch(BenchResults::hasNestedRows)) {
                for (int i = 0; i < items.size(); i++) sections.add(section(f, name, e.getKey(), i, items.get(i)));
            } else {
                tables.add(table(e.getKey(), unroll(items, targets)));
            }
        }
        Path single = f.resolveSibling(name + ".svg");
        if (sections.size() == 1 && sections.get(0).plot() == null && Files.isRegularFile(single)) {
            Section only = sections.get(0); // one plot in the file: <name>.svg is its plot
            sections.set(0, new Section(only.title(), only.caption(), only.id(), single, only.table()));
        }
        List<Path> claimed = sections.stream().map(Section::plot).filter(p -> p != null).toList();
        List<Path> others = new ArrayList<>();
        try (Stream<Path> s = Files.list(f.getParent())) {
            s.filter(p -> {
                String n = p.getFileName().toString();
                return n.endsWith(".svg") && (n.equals(name + ".svg") || n.startsWith(name + "-"));
            }).filter(p -> !claimed.contains(p)).sorted().forEach(others::add);
        }
        Stamp stamp = Stamp.of("bench/" + f.getFileName(), root, freshness, CheckKind.BENCHMARK.inputs());
        return new Figure(name, title, machine, sections, tables, others, targets[0], targets[1], stamp);
    }

    private static boolean hasNestedRows(Map<String, Object> item) {
        return item.keySet().stream().anyMatch(k -> !Json.objs(item, k).isEmpty());
    }

    private static Section section(Path f, String name, String key, int index, Map<String, Object> item) {
        String id = Json.str(item, "id", Json.str(item, "name", key + "-" + (index + 1)));
        String title = Json.str(item, "title", id);
        StringBuilder caption = new StringBuilder();
        List<Map<String, Object>> rows = List.of();
        String rowsKey = null;
        for (Map.Entry<String, Object> e : item.entrySet()) {
            if (rowsKey == null && !Json.objs(item, e.getKey()).isEmpty()) {
                rowsKey = e.getKey();
                rows = Json.objs(item, e.getKey());
            } else if (!(e.getValue() instanceof Map<?, ?>) && !(e.getValue() instanceof List<?>)
                    && !e.getKey().equals("title") && e.getValue() != null) {
                caption.append(caption.isEmpty() ? "" : "; ").append(e.getKey()).append(": ").append(e.getValue());
            }
        }
        Path plot = null;
        String named = Json.str(item, "plot", Json.str(item, "svg", null));
        for (Path p : named == null ? List.of(f.resolveSibling(name + "-" + id + ".svg"))
                : List.of(f.resolveSibling(named), f.resolveSibling(name + "-" + id + ".svg"))) {
            if (plot == null && Files.isRegularFile(p)) plot = p;
        }
        return new Section(title, caption.toString(), id, plot, table(rowsKey, unroll(rows, new int[2])));
    }

    /** Rows of cells: nested objects become {@code a.b} cells, the first nested array unrolls into rows. */
    private static List<Map<String, String>> unroll(List<Map<String, Object>> items, int[] targets) {
        List<Map<String, String>> out = new ArrayList<>();
        for (Map<String, Object> item : items) {
            if (item.get("met") instanceof Boolean b) {
                targets[0]++;
                if (b) targets[1]++;
            }
            Map<String, String> cells = new LinkedHashMap<>();
            String nested = null;
            for (Map.Entry<String, Object> e : item.entrySet()) {
                if (nested == null && !Json.objs(item, e.getKey()).isEmpty()) nested = e.getKey();
                else flatten(e.getKey(), e.getValue(), cells);
            }
            if (nested == null) {
                out.add(cells);
                continue;
            }
            for (Map<String, String> inner : unroll(Json.objs(item, nested), targets)) {
                Map<String, String> row = new LinkedHashMap<>(cells);
                for (Map.Entry<String, String> c : inner.entrySet()) {
                    row.put(row.containsKey(c.getKey()) ? nested + "." + c.getKey() : c.getKey(), c.getValue());
                }
                out.add(row);
            }
        }
        return out;
    }

    private static Table table(String title, List<Map<String, String>> rows) {
        List<String> columns = new ArrayList<>();
        rows.forEach(r -> r.keySet().forEach(k -> { if (!columns.contains(k)) columns.add(k); }));
        return new Table(title, columns, rows.stream().map(r -> columns.stream().map(k -> r.getOrDefault(k, "")).toList()).toList());
    }

    private static void flatten(String key, Object v, Map<String, String> out) {
        if (v instanceof Map<?, ?> inner) {
            inner.forEach((k, x) -> flatten(key + "." + k, x, out));
        } else if (v instanceof Double d) {
            out.put(key, d == Math.rint(d) && Math.abs(d) < 1e15 ? String.valueOf(d.longValue())
                    : Math.abs(d) >= 1e6 || Math.abs(d) < 1e-3 ? String.format(Locale.ROOT, "%.4g", d)
                    : String.format(Locale.ROOT, "%.3f", d));
        } else {
            out.put(key, String.valueOf(v));
        }
    }
}
