package org.mpiverify.reports;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The README's traceability table ("## Traceability ..."), read as rows of names per check kind: the
 * backticked names in its TLA+, Lincheck, jcstress, audit and benchmark columns. Brace lists expand
 * ({@code ctx_impl_{2p,3p}} is {@code ctx_impl_2p} and {@code ctx_impl_3p}); in the benchmark column
 * {@code `bench core --matching X`} names the benchmark {@code core}. Without an audit column, audit
 * scenarios are placed by their {@code origin} (paper author and figure or section, see
 * {@link #matchesOrigin}).
 */
public final class Traceability {
    /** One algorithm: its first cell, and the names each check kind claims for it. */
    public record Row(String algorithm, Map<CheckKind, Set<String>> names) {
        public String anchor() {
            return Html.slug("row-" + algorithm);
        }

        public Set<String> names(CheckKind kind) {
            return names.getOrDefault(kind, Set.of());
        }

        /** Does the table name a check of this kind for the row (a "—" cell does not)? */
        public boolean claims(CheckKind kind) {
            return !names(kind).isEmpty();
        }
    }

    private static final Pattern TICKED = Pattern.compile("`([^`]+)`");
    private static final Pattern BRACES = Pattern.compile("^([^{]*)\\{([^}]*)\\}(.*)$");
    private static final Pattern REF = Pattern.compile(
            "(Fig\\.|Figure|§|Alg\\.|Algorithm|Listings?|Table|Sec\\.|Section)\\s*(\\d+(?:\\.\\d+)?)");

    private Traceability() {}

    /** The rows of the first table under a heading starting "## Traceability"; none found is an error. */
    public static List<Row> parse(String readme) {
        List<String> lines = readme.lines().toList();
        int i = 0;
        while (i < lines.size() && !lines.get(i).toLowerCase(Locale.ROOT).startsWith("## traceability")) i++;
        while (i < lines.size() && !lines.get(i).startsWith("|")) i++;
        if (i >= lines.size()) {
            throw new IllegalArgumentException("README has no traceability table (a '## Traceability' heading followed by a table)");
        }
        List<String> header = cells(lines.get(i));
        Map<CheckKind, Integer> column = new EnumMap<>(CheckKind.class);
        for (int c = 0; c < header.size(); c++) {
            String h = header.get(c).toLowerCase(Locale.ROOT);
            if (h.contains("tla")) column.put(CheckKind.TLC, c);
            else if (h.contains("lincheck")) column.put(CheckKind.LINCHECK, c);
            else if (h.contains("jcstress")) column.put(CheckKind.JCSTRESS, c);
            else if (h.contains("audit")) column.put(CheckKind.AUDIT, c);
            else if (h.contains("bench")) column.put(CheckKind.BENCHMARK, c);
            else if (h.contains("trace")) column.put(CheckKind.TRACE, c);
        }
        List<Row> rows = new ArrayList<>();
        for (i += 2; i < lines.size() && lines.get(i).startsWith("|"); i++) {
            List<String> cells = cells(lines.get(i));
            Map<CheckKind, Set<String>> names = new EnumMap<>(CheckKind.class);
            column.forEach((kind, c) -> {
                if (c < cells.size()) names.put(kind, names(kind, cells.get(c)));
            });
            rows.add(new Row(cells.get(0), names));
        }
        return rows;
    }

    private static List<String> cells(String line) {
        String s = line.strip();
        if (s.startsWith("|")) s = s.substring(1);
        if (s.endsWith("|")) s = s.substring(0, s.length() - 1);
        List<String> out = new ArrayList<>();
        for (String c : s.split("\\|", -1)) out.add(c.strip());
        return out;
    }

    static Set<String> names(CheckKind kind, String cell) {
        Set<String> out = new LinkedHashSet<>();
        Matcher m = TICKED.matcher(cell);
        while (m.find()) {
            String t = m.group(1).strip();
            if (kind == CheckKind.BENCHMARK) {
                String[] w = t.split("\\s+");
                if (w.length >= 2 && w[0].equals("bench")) out.add(w[1]);
                continue;
            }
            if (kind == CheckKind.TLC && (t.contains("/") || t.endsWith(".tla"))) continue; // a spec path
            out.addAll(expand(t));
        }
        return out;
    }

    /** {@code a_{x,y}_b} to {@code a_x_b, a_y_b}, recursively. */
    static List<String> expand(String s) {
        Matcher m = BRACES.matcher(s);
        if (!m.matches()) return List.of(s);
        List<String> out = new ArrayList<>();
        for (String alt : m.group(2).split(",")) out.addAll(expand(m.group(1) + alt.strip() + m.group(3)));
        return out;
    }

    /**
     * Does an audit scenario's origin ("Gropp &amp; Thakur Fig. 2") belong to this row? Both cite papers
     * separated by ';' ("Balaji et al. §5.3; Gropp &amp; Thakur §4.1"). Some citation of the origin and
     * some citation of the row's first cell must share the first author (the citation's first word) and a
     * reference (Fig. 2, §5.2, Alg. 1): the same one, or a section with the same number (§5.2 is in
     * "§5.1–5.3", "§5" covers §5.1).
     */
    public static boolean matchesOrigin(Row row, String origin) {
        if (origin == null || origin.isBlank()) return false;
        for (String theirs : origin.split(";")) {
            String author = theirs.strip().split("[\\s,&]+")[0];
            if (author.length() < 3) continue;
            for (String citation : row.algorithm().split(";")) {
                if (citation.contains(author) && shareReference(refs(theirs), refs(citation))) return true;
            }
        }
        return false;
    }

    private static boolean shareReference(Set<String> theirs, Set<String> mine) {
        for (String r : theirs) {
            if (mine.contains(r)) return true;
            if (!r.startsWith("§")) continue;
            for (String x : mine) if (x.startsWith("§") && major(x).equals(major(r))) return true;
        }
        return false;
    }

    private static String major(String section) {
        int dot = section.indexOf('.');
        return dot < 0 ? section : section.substring(0, dot);
    }

    private static Set<String> refs(String text) {
        Set<String> out = new LinkedHashSet<>();
        Matcher m = REF.matcher(text);
        while (m.find()) {
            String k = m.group(1).toLowerCase(Locale.ROOT);
            String kind = k.startsWith("fig") ? "fig" : k.startsWith("alg") ? "alg" : k.startsWith("list") ? "listing"
                    : k.startsWith("table") ? "table" : "§";
            out.add(kind + m.group(2));
        }
        return out;
    }
}
