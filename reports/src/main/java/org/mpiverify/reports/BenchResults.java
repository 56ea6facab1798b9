package org.mpiverify.reports;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;
import org.mpiverify.results.BenchFigureFile;
import org.mpiverify.results.CoreBenchFile;
import org.mpiverify.results.Outcome;

/**
 * Reads every {@code out/bench/<name>.json}: {@code core.json} as {@link CoreBenchFile} (one table of its
 * measurements, each beside its baseline), every other file as a figure's {@link BenchFigureFile}: a section per
 * plot, its plain members as caption and a row per point carrying its series' name, with the plot
 * {@code <name>-<id>.svg} beside the file if there is one ({@code <name>.svg} when the figure has one plot), then
 * its targets and its tables. SVG files {@code <name>.svg} and {@code <name>-*.svg} no section claims are shown as
 * well. The verdict says how many of the targets were met.
 */
public final class BenchResults {
    /** A table: its title, the column names, the rows as cell texts. */
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
        String name = f.getFileName().toString().replace(".json", "");
        return f.getFileName().toString().equals(CoreBenchFile.FILE) ? core(f, name, CoreBenchFile.read(f), freshness)
                : figure(f, name, BenchFigureFile.read(f), freshness);
    }

    private static Figure figure(Path f, String name, BenchFigureFile file, Freshness freshness) throws IOException {
        String title = file.title() != null ? file.title() : file.benchmark() != null ? file.benchmark() : name;
        List<Section> sections = new ArrayList<>();
        for (BenchFigureFile.Plot p : file.plots()) sections.add(section(f, name, p));
        Path single = f.resolveSibling(name + ".svg");
        if (sections.size() == 1 && sections.get(0).plot() == null && Files.isRegularFile(single)) {
            Section only = sections.get(0); // one plot in the file: <name>.svg is its plot
            sections.set(0, new Section(only.title(), only.caption(), only.id(), single, only.table()));
        }
        List<Table> tables = new ArrayList<>();
        if (!file.targets().isEmpty()) {
            tables.add(new Table("targets", List.of("name", "criterion", "value", "status", "met", "detail"),
                    file.targets().stream().map(t -> List.of(text(t.name()), text(t.criterion()),
                            t.value() == null ? "" : number(t.value()), text(t.status()), String.valueOf(t.met()),
                            text(t.detail()))).toList()));
        }
        for (BenchFigureFile.Table t : file.tables()) {
            tables.add(new Table(t.title() != null ? t.title() : t.id(), t.columns(), t.rows()));
        }
        int met = (int) file.targets().stream().filter(BenchFigureFile.Target::met).count();
        Stamp stamp = Stamp.of("bench/" + f.getFileName(), file.provenance(), freshness, CheckKind.BENCHMARK.inputs());
        return new Figure(name, title, machine(file.machine()), sections, tables, otherPlots(f, name, sections),
                file.targets().size(), met, stamp);
    }

    private static Figure core(Path f, String name, CoreBenchFile file, Freshness freshness) throws IOException {
        List<String> columns = new ArrayList<>(List.of("name", "unit"));
        columns.addAll(statsColumns("stats"));
        columns.add("baseline");
        columns.addAll(statsColumns("baselineStats"));
        columns.addAll(List.of("ratio", "target", "met"));
        List<List<String>> rows = new ArrayList<>();
        for (CoreBenchFile.Row r : file.results()) {
            List<String> row = new ArrayList<>(List.of(text(r.name()), text(r.unit())));
            row.addAll(stats(r.stats()));
            row.add(text(r.baseline()));
            row.addAll(stats(r.baselineStats()));
            row.addAll(List.of(number(r.ratio()), text(r.target()), r.met() == null ? "" : String.valueOf(r.met())));
            rows.add(row);
        }
        int targets = (int) file.results().stream().filter(r -> r.met() != null).count();
        int met = (int) file.results().stream().filter(r -> Boolean.TRUE.equals(r.met())).count();
        Stamp stamp = Stamp.of("bench/" + f.getFileName(), file.provenance(), freshness, CheckKind.BENCHMARK.inputs());
        return new Figure(name, file.benchmark() != null ? file.benchmark() : name, machine(file.machine()), List.of(),
                List.of(new Table("results", columns, rows)), otherPlots(f, name, List.of()), targets, met, stamp);
    }

    private static List<String> statsColumns(String prefix) {
        return List.of(prefix + ".median", prefix + ".min", prefix + ".p25", prefix + ".p75", prefix + ".max", prefix + ".n");
    }

    private static List<String> stats(CoreBenchFile.Stats s) {
        if (s == null) return List.of("", "", "", "", "", "");
        return List.of(number(s.median()), number(s.min()), number(s.p25()), number(s.p75()), number(s.max()),
                String.valueOf(s.n()));
    }

    private static Map<String, String> machine(BenchFigureFile.Machine m) {
        Map<String, String> out = new LinkedHashMap<>();
        if (m == null) return out;
        if (m.cpu() != null) out.put("cpu", m.cpu());
        out.put("cores", String.valueOf(m.cores()));
        if (m.java() != null) out.put("java", m.java());
        if (m.vm() != null) out.put("vm", m.vm());
        if (m.os() != null) out.put("os", m.os());
        return out;
    }

    /** The figure's SVG files that no section shows. */
    private static List<Path> otherPlots(Path f, String name, List<Section> sections) throws IOException {
        List<Path> claimed = sections.stream().map(Section::plot).filter(p -> p != null).toList();
        List<Path> others = new ArrayList<>();
        try (Stream<Path> s = Files.list(f.getParent())) {
            s.filter(p -> {
                String n = p.getFileName().toString();
                return n.endsWith(".svg") && (n.equals(name + ".svg") || n.startsWith(name + "-"));
            }).filter(p -> !claimed.contains(p)).sorted().forEach(others::add);
        }
        return others;
    }

    /** A plot: its plain members as caption, a row per point carrying its series' name. */
    private static Section section(Path f, String name, BenchFigureFile.Plot p) {
        String title = p.title() != null ? p.title() : p.id();
        StringBuilder caption = new StringBuilder();
        Map<String, Object> plain = new LinkedHashMap<>();
        plain.put("id", p.id());
        plain.put("paperRef", p.paperRef());
        plain.put("xLabel", p.xLabel());
        plain.put("yLabel", p.yLabel());
        plain.put("unit", p.unit());
        plain.put("logX", p.logX());
        plain.put("logY", p.logY());
        plain.put("baseline", p.baseline());
        plain.forEach((k, v) -> {
            if (v != null) caption.append(caption.isEmpty() ? "" : "; ").append(k).append(": ").append(v);
        });
        List<List<String>> rows = new ArrayList<>();
        for (BenchFigureFile.Series s : p.series()) {
            for (BenchFigureFile.Point pt : s.points()) {
                rows.add(List.of(text(s.name()), number(pt.x()), number(pt.median()), number(pt.min()), number(pt.p25()),
                        number(pt.p75()), number(pt.max()), String.valueOf(pt.n())));
            }
        }
        Path plot = f.resolveSibling(name + "-" + p.id() + ".svg");
        return new Section(title, caption.toString(), p.id(), Files.isRegularFile(plot) ? plot : null,
                new Table("series", List.of("name", "x", "median", "min", "p25", "p75", "max", "n"), rows));
    }

    private static String text(String s) {
        return s == null ? "" : s;
    }

    /** Integral values without a fraction, very large or small ones with four significant digits, others with three decimals. */
    private static String number(double d) {
        return d == Math.rint(d) && Math.abs(d) < 1e15 ? String.valueOf((long) d)
                : Math.abs(d) >= 1e6 || Math.abs(d) < 1e-3 ? String.format(Locale.ROOT, "%.4g", d)
                : String.format(Locale.ROOT, "%.3f", d);
    }
}
