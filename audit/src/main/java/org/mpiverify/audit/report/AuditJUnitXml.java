package org.mpiverify.audit.report;

import java.util.Locale;
import org.mpiverify.results.XmlText;

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
                cases.append("  <testcase classname=\"").append(XmlText.attr("audit." + r.target() + "." + c.name()))
                        .append(c.unsafe() ? " (unsafe)" : "").append("\" name=\"").append(XmlText.attr(x.id()))
                        .append("\" time=\"").append(String.format(Locale.ROOT, "%.3f", x.seconds())).append('"');
                switch (x.verdict()) {
                    case PASS -> cases.append("/>\n");
                    case FAIL, HANG, CRASH -> {
                        failures++;
                        cases.append(">\n    <failure type=\"").append(x.verdict()).append("\" message=\"")
                                .append(XmlText.attr(x.summary())).append("\">").append(XmlText.text(String.join("\n", x.evidence())))
                                .append("</failure>\n  </testcase>\n");
                    }
                    case HAZARD, UNSUPPORTED -> {
                        skipped++;
                        cases.append(">\n    <skipped message=\"").append(XmlText.attr(x.verdict() + ": " + x.summary()))
                                .append("\"/>\n  </testcase>\n");
                    }
                }
            }
        }
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuite name=\"" + XmlText.attr("audit." + r.target())
                + "\" tests=\"" + tests + "\" failures=\"" + failures + "\" errors=\"0\" skipped=\"" + skipped
                + "\" time=\"" + String.format(Locale.ROOT, "%.3f", time) + "\" timestamp=\""
                + XmlText.attr(r.provenance().date().replace("Z", "")) + "\">\n" + cases + "</testsuite>\n";
    }
}
