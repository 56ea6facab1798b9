package org.mpiverify.reports;

import java.util.Locale;
import org.mpiverify.results.Outcome;

/** HTML text helpers and the frame every dashboard page shares (navigation, style sheet). */
final class Html {
    static final String STYLE = """
            body { font: 14px/1.45 system-ui, sans-serif; margin: 0 2em 3em; color: #222; }
            nav { padding: .6em 0; border-bottom: 1px solid #ccc; margin-bottom: 1em; }
            nav a { margin-right: 1.2em; }
            table { border-collapse: collapse; margin: .5em 0 1.2em; }
            th, td { border: 1px solid #ccc; padding: .25em .5em; vertical-align: top; text-align: left; }
            th { background: #f2f2f2; }
            td.num { text-align: right; font-variant-numeric: tabular-nums; }
            pre { background: #f7f7f7; border: 1px solid #ddd; padding: .6em; overflow-x: auto; font-size: 12px; }
            .v-pass { background: #d9f2d9; } .v-fail { background: #f8c9c9; } .v-hang { background: #f3c6e8; }
            .v-crash { background: #f0d0b0; } .v-hazard { background: #fbe9a9; } .v-unsupported { background: #e2e2e2; }
            .v-no-result { background: #fff; color: #888; }
            .stale { outline: 3px dashed #c0392b; outline-offset: -3px; }
            .badge { display: inline-block; padding: 0 .4em; border-radius: 3px; font-size: 12px; font-weight: bold; }
            .badge.stale { background: #c0392b; color: #fff; outline: none; }
            .badge.unknown { background: #888; color: #fff; } .badge.current { background: #2e7d32; color: #fff; }
            .banner { padding: .5em .8em; margin: .5em 0; border-left: 6px solid #c0392b; background: #fdecea; }
            .prov { color: #555; font-size: 12px; }
            img.plot, img.diagram { max-width: 100%; border: 1px solid #ddd; }
            details { margin: .3em 0; } summary { cursor: pointer; }
            td a { color: inherit; }
            pre.diff { white-space: pre; }
            pre.evidence { max-height: 14em; margin: .3em 0 0; }
            tr:target td { outline: 3px solid #1565c0; outline-offset: -3px; }
            """;

    private Html() {}

    /** The CSS class of a cell with this verdict: {@code v-pass}, {@code v-no-result}. */
    static String css(Outcome v) {
        return "v-" + v.name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    static String esc(String s) {
        if (s == null) return "";
        StringBuilder b = new StringBuilder(s.length());
        for (char c : s.toCharArray()) {
            switch (c) {
                case '<' -> b.append("&lt;");
                case '>' -> b.append("&gt;");
                case '&' -> b.append("&amp;");
                case '"' -> b.append("&quot;");
                default -> b.append(c);
            }
        }
        return b.toString();
    }

    /** An HTML id made of the text's letters and digits: stable across runs, safe in a URL fragment. */
    static String slug(String s) {
        String r = s.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-").replaceAll("(^-|-$)", "");
        return r.isEmpty() ? "x" : r;
    }

    static String page(String title, String body) {
        return "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>" + esc(title)
                + " — mpiverify</title><link rel=\"stylesheet\" href=\"style.css\"></head><body>\n<nav>"
                + "<a href=\"index.html\">Summary</a>"
                + "<a href=\"tlc.html\">TLC</a><a href=\"lincheck.html\">Lincheck</a>"
                + "<a href=\"jcstress.html\">jcstress</a><a href=\"audit.html\">Audit</a>"
                + "<a href=\"bench.html\">Benchmarks</a><a href=\"locks.html\">Locks</a><a href=\"mutation.html\">Mutation</a><a href=\"spec-mutation.html\">Spec mutation</a></nav>\n<h1>" + esc(title) + "</h1>\n" + body
                + "\n</body></html>\n";
    }

    /** A freshness badge: "current", "STALE" or "provenance unknown", with the reason as tooltip. */
    static String badge(Stamp s) {
        String css = switch (s.freshness().state()) {
            case CURRENT -> "current";
            case STALE -> "stale";
            case UNKNOWN -> "unknown";
        };
        return "<span class=\"badge " + css + "\" title=\"" + esc(s.freshness().reason()) + "\">"
                + esc(s.freshness().label()) + "</span>";
    }

    /** The provenance line of a result, and a banner when it is stale. */
    static String provenance(Stamp s) {
        String line = "<p class=\"prov\">" + badge(s) + " " + esc(s.describe()) + " — " + esc(s.freshness().reason())
                + " <span class=\"file\">(" + esc(s.file()) + ")</span></p>";
        if (s.isStale()) {
            line = "<div class=\"banner\"><b>STALE:</b> this result is older than the code it describes ("
                    + esc(s.freshness().reason()) + "). Run its producer again.</div>" + line;
        }
        return line;
    }
}
