package org.mpiverify.bench.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.mpiverify.bench.Machine;
import org.mpiverify.bench.Stats;
import org.mpiverify.results.Json;

/**
 * Writes a {@link Report} as {@code out/bench/<id>.json}, the file the reports module reads:
 * <pre>{"benchmark": id, "title", "trials", "quick", "provenance": {...}, "machine": {...},
 *  "plots": [{"id", "title", "paperRef", "xLabel", "yLabel", "unit", "logX", "logY", "baseline",
 *             "series": [{"name", "points": [{"x", "median", "min", "p25", "p75", "max", "n"}]}]}],
 *  "targets": [{"name", "criterion", "value", "status", "met", "detail"}],
 *  "tables": [{"id", "title", "paperRef", "columns": [...], "rows": [[...]]}],
 *  "skipped": ["..."], "notes": ["..."]}</pre>
 */
public final class ReportJson {
    private ReportJson() {
    }

    public static void write(Report r, String provenanceJson, Path file) throws IOException {
        Files.createDirectories(file.toAbsolutePath().getParent());
        Files.writeString(file, toJson(r, provenanceJson));
    }

    public static String toJson(Report r, String provenanceJson) {
        StringBuilder sb = new StringBuilder(4096).append("{\n");
        sb.append("  \"benchmark\": ").append(Json.quote(r.id())).append(",\n");
        sb.append("  \"title\": ").append(Json.quote(r.title())).append(",\n");
        sb.append("  \"trials\": ").append(r.trials()).append(",\n");
        sb.append("  \"quick\": ").append(r.quick()).append(",\n");
        sb.append("  \"provenance\": ").append(provenanceJson).append(",\n");
        sb.append("  \"machine\": ").append(Machine.describeJson()).append(",\n");
        sb.append("  \"plots\": [");
        for (int i = 0; i < r.plots().size(); i++) {
            Plot p = r.plots().get(i);
            sb.append(i == 0 ? "\n" : ",\n").append("    {\"id\": ").append(Json.quote(p.id()))
                    .append(", \"title\": ").append(Json.quote(p.title()))
                    .append(", \"paperRef\": ").append(Json.quote(p.paperRef()))
                    .append(", \"xLabel\": ").append(Json.quote(p.xLabel()))
                    .append(", \"yLabel\": ").append(Json.quote(p.yLabel()))
                    .append(", \"unit\": ").append(Json.quote(p.unit()))
                    .append(", \"logX\": ").append(p.logX()).append(", \"logY\": ").append(p.logY())
                    .append(", \"baseline\": ").append(p.baseline() == null ? "null" : Json.quote(p.baseline()))
                    .append(",\n     \"series\": [");
            for (int j = 0; j < p.series().size(); j++) {
                Series s = p.series().get(j);
                sb.append(j == 0 ? "\n" : ",\n").append("       {\"name\": ").append(Json.quote(s.name()))
                        .append(", \"points\": [");
                for (int k = 0; k < s.points().size(); k++) {
                    Series.Point pt = s.points().get(k);
                    Stats st = pt.stats();
                    sb.append(k == 0 ? "" : ", ").append("{\"x\": ").append(Json.number(pt.x()))
                            .append(", \"median\": ").append(Json.number(st.median()))
                            .append(", \"min\": ").append(Json.number(st.min()))
                            .append(", \"p25\": ").append(Json.number(st.p25()))
                            .append(", \"p75\": ").append(Json.number(st.p75()))
                            .append(", \"max\": ").append(Json.number(st.max()))
                            .append(", \"n\": ").append(st.n()).append('}');
                }
                sb.append("]}");
            }
            sb.append("\n     ]}");
        }
        sb.append("\n  ],\n  \"targets\": [");
        for (int i = 0; i < r.targets().size(); i++) {
            Target t = r.targets().get(i);
            sb.append(i == 0 ? "\n" : ",\n").append("    {\"name\": ").append(Json.quote(t.name()))
                    .append(", \"criterion\": ").append(Json.quote(t.criterion()))
                    .append(", \"value\": ").append(Json.number(t.value()))
                    .append(", \"status\": ").append(Json.quote(t.status().name()))
                    .append(", \"met\": ").append(t.status() == Target.Status.MET)
                    .append(", \"detail\": ").append(Json.quote(t.detail())).append('}');
        }
        sb.append("\n  ],\n  \"tables\": [");
        for (int i = 0; i < r.tables().size(); i++) {
            Table t = r.tables().get(i);
            sb.append(i == 0 ? "\n" : ",\n").append("    {\"id\": ").append(Json.quote(t.id()))
                    .append(", \"title\": ").append(Json.quote(t.title()))
                    .append(", \"paperRef\": ").append(Json.quote(t.paperRef()))
                    .append(", \"columns\": ").append(strings(t.columns())).append(", \"rows\": [");
            for (int j = 0; j < t.rows().size(); j++) {
                sb.append(j == 0 ? "" : ", ").append(strings(t.rows().get(j)));
            }
            sb.append("]}");
        }
        sb.append("\n  ],\n  \"skipped\": ").append(strings(r.skipped()));
        sb.append(",\n  \"notes\": ").append(strings(r.notes())).append("\n}\n");
        return sb.toString();
    }

    private static String strings(List<String> values) {
        StringBuilder sb = new StringBuilder("[");
        for (int i = 0; i < values.size(); i++) {
            sb.append(i == 0 ? "" : ", ").append(Json.quote(values.get(i)));
        }
        return sb.append(']').toString();
    }
}
