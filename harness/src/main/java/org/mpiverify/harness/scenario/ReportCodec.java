package org.mpiverify.harness.scenario;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.mpiverify.results.Json;

/**
 * {@link RankReport} as one line of JSON, so a rank in another JVM (under {@code mpiexec}) can hand
 * its report to the driver: {@code {"rank":0,"facts":{"k":"v"},"evidence":["..."],"error":null}}.
 * Written by hand with {@link Json#quote}, so a rank process loads no JSON library to report; read with
 * {@link Json#parseObject}.
 */
public final class ReportCodec {
    private static final Set<String> KEYS = Set.of("rank", "facts", "evidence", "error");

    private ReportCodec() { }

    public static String encode(RankReport r) {
        StringBuilder sb = new StringBuilder(256).append("{\"rank\":").append(r.rank()).append(",\"facts\":{");
        boolean first = true;
        for (Map.Entry<String, String> e : r.facts().entrySet()) {
            if (!first) sb.append(',');
            first = false;
            quote(sb, e.getKey()).append(':');
            quote(sb, e.getValue());
        }
        sb.append("},\"evidence\":[");
        for (int i = 0; i < r.evidence().size(); i++) {
            if (i > 0) sb.append(',');
            quote(sb, r.evidence().get(i));
        }
        sb.append("],\"error\":");
        if (r.error() == null) sb.append("null"); else quote(sb, r.error());
        return sb.append('}').toString();
    }

    /** The inverse of {@link #encode}; anything else is an {@link IllegalArgumentException} naming what. */
    public static RankReport decode(String json) {
        Map<String, Object> m = Json.parseObject(json);
        for (String key : m.keySet()) {
            if (!KEYS.contains(key)) throw new IllegalArgumentException("unknown key " + key + " in " + json);
        }
        if (!(m.get("rank") instanceof Long rank)) throw new IllegalArgumentException("no rank in " + json);
        Map<String, String> facts = new LinkedHashMap<>();
        Map<String, Object> f = Json.obj(m, "facts");
        if (f != null) f.forEach((k, v) -> facts.put(k, Json.str(f, k, null)));
        List<String> evidence = Json.list(m, "evidence").stream().map(String::valueOf).toList();
        return new RankReport(rank.intValue(), facts, evidence, Json.str(m, "error", null));
    }

    private static StringBuilder quote(StringBuilder sb, String s) {
        return sb.append(Json.quote(s));
    }
}
