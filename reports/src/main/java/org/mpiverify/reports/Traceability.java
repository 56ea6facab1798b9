package org.mpiverify.reports;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.mpiverify.results.Json;
import org.mpiverify.results.ScenarioAlgorithmsFile;

/**
 * The traceability table, {@code docs/traceability.json}: for each algorithm of the papers the core implements,
 * its specs, models, classes and every check that covers it, as lists of names. The dashboard reads it through
 * {@link #read(Path)}; {@link TraceabilityDoc} renders it into {@code docs/traceability.md} and the README's map.
 *
 * <p>The dashboard's view of an algorithm is a {@link Row}: per {@link CheckKind}, the names whose results its
 * summary cell collects. TLC's are the models (a trailing {@code *} names a prefix; brace lists expand,
 * {@code ctx_impl_{2p,3p}} is {@code ctx_impl_2p} and {@code ctx_impl_3p}); Lincheck's, jcstress's and trace
 * validation's are the suites, tests or traces with the known-bad twins each must reject; the audit's are the
 * scenarios and the benchmarks' the figures. JUnit tests, classes and spec files are documentation only: no
 * result file carries them.
 *
 * <p>The audit column is the catalog's: each scenario names the algorithms it exercises, and the audit renders that
 * into {@link #AUDIT_FILE} (a test there fails when the file and the catalog differ). {@link #read(Path)} puts each
 * scenario into the rows of the algorithms it names, in catalog order, before any prose the table's own audit
 * column holds; the table itself names no scenario.
 *
 * <p>The file lives in the repository, beside the page rendered from it, and is read from the repository root the
 * dashboard is generated for (the root whose git history decides which results are stale), not from the
 * classpath: an edit shows on the next {@code ./mpiverify report} without a rebuild.
 */
public final class Traceability {
    /** The file, relative to the repository root. */
    public static final Path FILE = Path.of("docs", "traceability.json");
    /** The audit scenarios' algorithms, generated from the audit's catalog; relative to the repository root. */
    public static final Path AUDIT_FILE = Path.of("audit", "scenario-algorithms.json");

    /**
     * The whole file.
     *
     * @param about      what the file is, for its reader
     * @param algorithms one entry per algorithm, in the order the dashboard and the page show them
     */
    public record Table(String about, List<Algorithm> algorithms) {
        public Table {
            algorithms = List.copyOf(Objects.requireNonNull(algorithms, "algorithms"));
        }

        /** The dashboard's rows, one per algorithm, in order. */
        public List<Row> rows() {
            return algorithms.stream().map(Algorithm::row).toList();
        }

        /**
         * This table with each scenario in the audit column of the algorithms it names, in the scenarios' order,
         * ahead of the column's prose; a scenario naming an algorithm the table does not have is an error.
         */
        Table withAudit(ScenarioAlgorithmsFile audit, String source) {
            Set<String> names = new LinkedHashSet<>();
            algorithms.forEach(a -> names.add(a.name()));
            for (ScenarioAlgorithmsFile.Scenario s : audit.scenarios()) {
                for (ScenarioAlgorithmsFile.Exercised e : s.algorithms()) {
                    if (!names.contains(e.name())) {
                        throw new IllegalArgumentException(source + ": scenario " + s.id() + " names the algorithm '"
                                + e.name() + "', which " + FILE + " does not have; known: " + names);
                    }
                }
            }
            List<Algorithm> out = new ArrayList<>();
            for (Algorithm a : algorithms) {
                List<Item> column = new ArrayList<>();
                for (ScenarioAlgorithmsFile.Scenario s : audit.scenarios()) {
                    s.algorithms().stream().filter(e -> e.name().equals(a.name())).findFirst()
                            .ifPresent(e -> column.add(new Item(s.id(), List.of(), List.of(), e.note())));
                }
                column.addAll(a.audit());
                out.add(new Algorithm(a.name(), a.papers(), a.note(), a.specs(), a.models(), a.classes(), a.junit(),
                        a.lincheck(), a.jcstress(), column, a.trace(), a.benchmarks()));
            }
            return new Table(about, out);
        }
    }

    /**
     * One algorithm and everything that traces it; a column the algorithm has nothing in is an empty list.
     *
     * @param name       the algorithm, as a heading ("Context ids")
     * @param papers     the citations it implements, one per paper ("Gropp &amp; Thakur §5.1–5.3, Fig. 3")
     * @param note       a short qualification shown after the citations, or null
     * @param specs      TLA+ modules, by repository path
     * @param models     TLC models ({@code ctx_*} for every model whose name starts so)
     * @param classes    classes of the core or the lock auditor, relative to {@code org.mpiverify}
     * @param junit      JUnit tests ({@code Class} or {@code Class.method})
     * @param lincheck   Lincheck suites, each with the twins it must reject
     * @param jcstress   jcstress tests, each with the twins it must reject
     * @param audit      audit scenarios
     * @param trace      trace validations, each with its trace specs and twins
     * @param benchmarks benchmarks, by their {@code ./mpiverify bench} name
     */
    public record Algorithm(String name, List<String> papers, String note, List<Item> specs, List<Item> models,
                            List<Item> classes, List<Item> junit, List<Item> lincheck, List<Item> jcstress,
                            List<Item> audit, List<Item> trace, List<Item> benchmarks) {
        public Algorithm {
            Objects.requireNonNull(name, "name");
            papers = copy(papers);
            specs = copy(specs);
            models = copy(models);
            classes = copy(classes);
            junit = copy(junit);
            lincheck = copy(lincheck);
            jcstress = copy(jcstress);
            audit = copy(audit);
            trace = copy(trace);
            benchmarks = copy(benchmarks);
        }

        /** The name with its citations and note, as the dashboard's row heading: "Context ids (Gropp &amp; Thakur §5.1–5.3, Fig. 3; ...)". */
        public String title() {
            List<String> parts = new ArrayList<>(papers);
            if (note != null && !note.isBlank()) parts.add(note);
            return parts.isEmpty() ? name : name + " (" + String.join("; ", parts) + ")";
        }

        /** The items of a check kind's column. */
        public List<Item> column(CheckKind kind) {
            return switch (kind) {
                case TLC -> models;
                case LINCHECK -> lincheck;
                case JCSTRESS -> jcstress;
                case AUDIT -> audit;
                case TRACE -> trace;
                case BENCHMARK -> benchmarks;
            };
        }

        /** The names whose results the dashboard collects for this algorithm, per kind. */
        public Row row() {
            Map<CheckKind, Set<String>> names = new EnumMap<>(CheckKind.class);
            for (CheckKind k : CheckKind.values()) {
                Function<Item, List<String>> of = switch (k) {
                    case LINCHECK, JCSTRESS, TRACE -> Item::nameAndTwins;
                    case TLC -> i -> i.name() == null ? List.of() : expand(i.name());
                    case AUDIT, BENCHMARK -> i -> i.name() == null ? List.of() : List.of(i.name());
                };
                Set<String> s = new LinkedHashSet<>();
                column(k).forEach(i -> s.addAll(of.apply(i)));
                names.put(k, s);
            }
            return new Row(title(), names);
        }
    }

    /**
     * One entry of a column: a name with what belongs to it, or, without a name, prose for the column.
     *
     * @param name  the class, test, suite, scenario, model, spec or benchmark; null for a prose item
     * @param twins known-bad twins the check must reject
     * @param specs trace specs, by repository path (trace validations only)
     * @param note  a short qualification (Markdown), or null
     */
    public record Item(String name, List<String> twins, List<String> specs, String note) {
        public Item {
            twins = copy(twins);
            specs = copy(specs);
            if (name == null && (note == null || note.isBlank())) {
                throw new IllegalArgumentException("an item has a name, or at least a note");
            }
        }

        List<String> nameAndTwins() {
            List<String> out = new ArrayList<>();
            if (name != null) out.add(name);
            out.addAll(twins);
            return out;
        }
    }

    /** One algorithm as the dashboard sees it: its title, and the names each check kind claims for it. */
    public record Row(String algorithm, Map<CheckKind, Set<String>> names) {
        public String anchor() {
            return Html.slug("row-" + algorithm);
        }

        public Set<String> names(CheckKind kind) {
            return names.getOrDefault(kind, Set.of());
        }

        /** Does the table name a check of this kind for the row (an empty column does not)? */
        public boolean claims(CheckKind kind) {
            return !names(kind).isEmpty();
        }
    }

    private static final Pattern BRACES = Pattern.compile("^([^{]*)\\{([^}]*)\\}(.*)$");

    private Traceability() {}

    /**
     * {@link #FILE} of the repository at {@code root}, its audit column filled from {@link #AUDIT_FILE}; malformed
     * content is an error naming the file and line.
     */
    public static Table read(Path root) throws IOException {
        Path file = root.resolve(FILE);
        Path audit = root.resolve(AUDIT_FILE);
        return parse(Files.readString(file, StandardCharsets.UTF_8), file.toString())
                .withAudit(parseAudit(Files.readString(audit, StandardCharsets.UTF_8), audit.toString()), audit.toString());
    }

    /** The table in {@code json}, whose audit column may hold prose only; {@code source} names it in errors. */
    public static Table parse(String json, String source) {
        Table t;
        try {
            t = Json.read(json, Table.class);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(source + ": " + e.getMessage(), e);
        }
        for (Algorithm a : t.algorithms()) {
            for (Item i : a.audit()) {
                if (i.name() != null) {
                    throw new IllegalArgumentException(source + ": " + a.name() + " names the audit scenario " + i.name()
                            + "; a scenario names its algorithms itself (its algorithms() in the audit's catalog, rendered"
                            + " into " + AUDIT_FILE + "), the table's audit column holds prose only");
                }
            }
        }
        return t;
    }

    /** The audit's scenarios and their algorithms in {@code json}; {@code source} names it in errors. */
    public static ScenarioAlgorithmsFile parseAudit(String json, String source) {
        try {
            return Json.read(json, ScenarioAlgorithmsFile.class);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(source + ": " + e.getMessage(), e);
        }
    }

    /** {@code a_{x,y}_b} to {@code a_x_b, a_y_b}, recursively. */
    static List<String> expand(String s) {
        Matcher m = BRACES.matcher(s);
        if (!m.matches()) return List.of(s);
        List<String> out = new ArrayList<>();
        for (String alt : m.group(2).split(",")) out.addAll(expand(m.group(1) + alt.strip() + m.group(3)));
        return out;
    }

    private static <T> List<T> copy(List<T> l) {
        return l == null ? List.of() : List.copyOf(l);
    }
}
