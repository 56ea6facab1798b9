package org.mpiverify.audit.report;

import java.util.Locale;

/**
 * {@code out/audit/junit/TEST-audit-<target>.xml}: one testcase per configuration × scenario, for CI
 * dashboards. FAIL, HANG and CRASH are failures; HAZARD and UNSUPPORTED are skipped, with the reason;
 * PASS passes. Unsafe configurations are expected to be rejected, so their testcases are named so.
 */
public final class AuditJUnitXml {
    private AuditJUnitXml() { }

    public static String toXml(TargetResult r) {
        int tests = 0, failures = 0, skipped = 0;
        double time = 0;
        StringBuilder cases = new StringBuilder();
        for (ColumnResult c : r.columns()) {
            for (CellResult x : c.cells()) {
                tests++;
                time += x.seconds();
                cases.append("  <testcase classname=\"").append(attr("audit." + r.target() + "." + c.name()))
                        .append(c.unsafe() ? " (unsafe)" : "").append("\" name=\"").append(attr(x.id()))
                        .append("\" time=\"").append(String.format(Locale.ROOT, "%.3f", x.seconds())).append('"');
                switch (x.verdict()) {
                    case PASS -> cases.append("/>\n");
                    case FAIL, HANG, CRASH -> {
                        failures++;
                        cases.append(">\n    <failure type=\"").append(x.verdict()).append("\" message=\"")
                                .append(attr(x.summary())).append("\">").append(text(String.join("\n", x.evidence())))
                                .append("</failure>\n  </testcase>\n");
                    }
                    case HAZARD, UNSUPPORTED -> {
                        skipped++;
                        cases.append(">\n    <skipped message=\"").append(attr(x.verdict() + ": " + x.summary()))
                                .append("\"/>\n  </testcase>\n");
                    }
                }
            }
        }
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuite name=\"" + attr("audit." + r.target())
                + "\" tests=\"" + tests + "\" failures=\"" + failures + "\" errors=\"0\" skipped=\"" + skipped
                + "\" time=\"" + String.format(Locale.ROOT, "%.3f", time) + "\" timestamp=\""
                + attr(r.provenance().date().replace("Z", "")) + "\">\n" + cases + "</testsuite>\n";
    }

    private static String attr(String s) {
        return text(s).replace("\"", "&quot;").replace("\n", "&#10;");
    }

    /** XML-escaped, without characters XML 1.0 forbids (control characters other than tab, newline, CR). */
    private static String text(String s) {
        StringBuilder sb = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '&' -> sb.append("&amp;");
                case '<' -> sb.append("&lt;");
                case '>' -> sb.append("&gt;");
                default -> {
                    if (c >= 0x20 || c == '\n' || c == '\t' || c == '\r') sb.append(c);
                }
            }
        }
        return sb.toString();
    }
}
