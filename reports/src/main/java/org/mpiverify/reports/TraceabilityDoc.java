package org.mpiverify.reports;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/**
 * The traceability table rendered for people: {@code docs/traceability.md}, a section per algorithm with a line
 * per column, and the README's short map, a table row per algorithm (its spec and main class, linked to its
 * section). Both are pure functions of the {@link Traceability.Table}; a test keeps the committed pages equal to
 * them.
 */
public final class TraceabilityDoc {
    /** The page, relative to the repository root. */
    public static final String PAGE = "docs/traceability.md";
    /** The README's map lies between these two lines. */
    public static final String MAP_BEGIN = "<!-- traceability map: generated from docs/traceability.json; edit that file -->";
    public static final String MAP_END = "<!-- end of the traceability map -->";

    private TraceabilityDoc() {}

    /** The whole of {@code docs/traceability.md}. */
    public static String page(Traceability.Table table) {
        StringBuilder b = new StringBuilder();
        b.append("# Traceability: from a paper's figure to the code and every check\n\n");
        b.append("<!-- generated from docs/traceability.json; edit that file, not this page -->\n\n");
        b.append("""
                For each algorithm the core implements: the papers it comes from, its TLA+ specs and TLC models
                ([which pass, which must fail](../specs/README.md)), its classes (under `org.mpiverify`), and every
                check that covers it, each Lincheck suite, jcstress test and trace validation with the known-bad twins
                it must reject. The dashboard (`./mpiverify report`) reads the same file, `docs/traceability.json`: an
                algorithm's TLC models, Lincheck suites, jcstress tests, audit scenarios, traces and benchmarks, twins
                included, are the results its summary row collects. The audit scenarios come from the audit's catalog,
                where each scenario names the algorithms it exercises (`audit/scenario-algorithms.json` is their
                rendering). To add an algorithm or any other check, edit `docs/traceability.json` and regenerate this
                page and the README's map with
                `mvn -B -ntp -pl reports -am test -Dtest=TraceabilityDocTest -Dsurefire.failIfNoSpecifiedTests=false -Dmpiverify.writeDocs=true`.
                """);
        for (Traceability.Algorithm a : table.algorithms()) {
            b.append("\n## ").append(a.name()).append("\n\n");
            List<String> cite = new ArrayList<>(a.papers());
            if (a.note() != null && !a.note().isBlank()) cite.add(a.note());
            if (!cite.isEmpty()) b.append(String.join("; ", cite)).append(".\n\n");
            line(b, "TLA+ specs", a.specs(), TraceabilityDoc::code);
            line(b, "TLC models", a.models(), TraceabilityDoc::code);
            line(b, "Classes", a.classes(), TraceabilityDoc::code);
            line(b, "JUnit", a.junit(), TraceabilityDoc::code);
            line(b, "Lincheck", a.lincheck(), TraceabilityDoc::code);
            line(b, "jcstress", a.jcstress(), TraceabilityDoc::code);
            line(b, "Audit scenarios", a.audit(), TraceabilityDoc::code);
            line(b, "Trace validation", a.trace(), TraceabilityDoc::code);
            line(b, "Benchmarks", a.benchmarks(), n -> code("bench " + n));
        }
        return b.toString();
    }

    /**
     * The README's map: a row per algorithm with its first spec and first class, the algorithm linked to its
     * section of the page (paths relative to the repository root, where the README is).
     */
    public static String map(Traceability.Table table) {
        StringBuilder b = new StringBuilder("| algorithm | spec | main class |\n|---|---|---|\n");
        for (Traceability.Algorithm a : table.algorithms()) {
            b.append("| [").append(a.name()).append("](").append(PAGE).append('#').append(anchor(a.name())).append(") | ")
                    .append(first(a.specs())).append(" | ").append(first(a.classes())).append(" |\n");
        }
        return b.toString();
    }

    /** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
    static String anchor(String heading) {
        return heading.toLowerCase(Locale.ROOT).replaceAll("[^\\p{L}\\p{N} _-]", "").replace(' ', '-');
    }

    private static String first(List<Traceability.Item> items) {
        return items.stream().filter(i -> i.name() != null).findFirst().map(i -> code(i.name())).orElse("—");
    }

    private static void line(StringBuilder b, String title, List<Traceability.Item> items, Function<String, String> name) {
        b.append("- **").append(title).append("**: ");
        if (items.isEmpty()) {
            b.append("—\n");
            return;
        }
        List<String> shown = new ArrayList<>();
        for (Traceability.Item i : items) shown.add(item(i, name));
        b.append(String.join(", ", shown)).append('\n');
    }

    private static String item(Traceability.Item i, Function<String, String> name) {
        if (i.name() == null) return i.note();
        List<String> extra = new ArrayList<>();
        if (!i.specs().isEmpty()) extra.add("trace " + (i.specs().size() == 1 ? "spec " : "specs ") + codes(i.specs()));
        if (!i.twins().isEmpty()) extra.add((i.twins().size() == 1 ? "twin " : "twins ") + codes(i.twins()));
        if (i.note() != null && !i.note().isBlank()) extra.add(i.note());
        return name.apply(i.name()) + (extra.isEmpty() ? "" : " (" + String.join("; ", extra) + ")");
    }

    private static String codes(List<String> names) {
        return String.join(", ", names.stream().map(TraceabilityDoc::code).toList());
    }

    private static String code(String s) {
        return "`" + s + "`";
    }
}
