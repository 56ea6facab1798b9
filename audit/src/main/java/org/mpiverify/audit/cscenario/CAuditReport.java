package org.mpiverify.audit.cscenario;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.mpiverify.audit.race.Access;
import org.mpiverify.audit.race.Attributions;
import org.mpiverify.audit.race.Frame;
import org.mpiverify.audit.race.Race;
import org.mpiverify.audit.race.RaceLedger;

/**
 * The files of a C-scenario audit: {@code out/audit/c-<library>[-<tool>].md} (the verdict matrix — the Java binding's
 * recorded verdict, the C program's, and with a detector the race column — then each distinct race with both stacks,
 * the variable, its root cause where {@link Attributions} names one, and the MPI calls of the two threads, after the
 * races grouped by root cause) and the same as {@code .json}.
 */
public final class CAuditReport {
    private static final int FRAMES = 12;

    private CAuditReport() { }

    /** The base name of the files: {@code c-mpich}, {@code c-mpich-helgrind}. */
    public static String name(CAudit.Result r) {
        return "c-" + r.library() + (r.tool() == null ? "" : "-" + r.tool().id());
    }

    /** Writes both files into {@code dir}; returns the Markdown file. */
    public static Path write(CAudit.Result r, Path repoRoot, Path dir) throws IOException {
        Files.createDirectories(dir);
        Path md = dir.resolve(name(r) + ".md");
        Files.writeString(md, markdown(r, repoRoot), StandardCharsets.UTF_8);
        Files.writeString(dir.resolve(name(r) + ".json"), org.mpiverify.results.Json.write(json(r, repoRoot)), StandardCharsets.UTF_8);
        return md;
    }

    static String markdown(CAudit.Result r, Path repoRoot) {
        StringBuilder b = new StringBuilder("# The C scenarios on " + r.library()
                + (r.tool() == null ? "" : ", under " + r.tool().id()) + "\n\n");
        b.append("| scenario | Java binding (recorded) | C program |").append(r.tool() == null ? "" : " races (" + r.tool().id() + ") |").append('\n');
        b.append("| --- | --- | --- |").append(r.tool() == null ? "" : " --- |").append('\n');
        for (CAudit.Row row : r.rows()) {
            b.append("| `").append(row.scenario().id()).append("` | ")
                    .append(CAudit.recorded(repoRoot, row.scenario().id(), r.library())).append(" | ")
                    .append(row.verdict().outcome()).append(" |");
            if (r.tool() != null) b.append(' ').append(raceCell(r.ledger(), row)).append(" |");
            b.append('\n');
        }
        for (CAudit.Row row : r.rows()) {
            if (row.verdict().outcome() != org.mpiverify.results.Outcome.PASS) {
                b.append("\n`").append(row.scenario().id()).append("`: ").append(row.verdict().summary()).append('\n');
                row.verdict().evidence().stream().limit(10).forEach(e -> b.append("    ").append(e).append('\n'));
            }
        }
        if (r.tool() == null) return b.toString();
        org.mpiverify.audit.race.LibraryOffsets offsets = new org.mpiverify.audit.race.LibraryOffsets();
        Attributions attributions = Attributions.load(repoRoot, r.library());
        Map<String, Attributions.Cause> causeOf = new LinkedHashMap<>();
        for (RaceLedger.Entry e : r.ledger().entries()) {
            attributions.causeOf(offsets.describe(e.race())).ifPresent(c -> causeOf.put(e.race().key(), c));
        }
        b.append("\n## Root causes\n\n");
        b.append("Of ").append(r.ledger().entries().size()).append(" distinct races, ").append(causeOf.size())
                .append(" attributed (audit/race/attributions/").append(r.library()).append(".json), ")
                .append(r.ledger().entries().size() - causeOf.size()).append(" not.\n");
        for (Attributions.Cause c : attributions.causes()) {
            long n = causeOf.values().stream().filter(c::equals).count();
            if (n == 0) continue;
            b.append("\n- `").append(c.id()).append("` (").append(c.verdict()).append("): ").append(n).append(" distinct races on ")
                    .append(c.variable()).append("; accesses in ").append(String.join(", ", c.functions()))
                    .append(c.inlinedInto() == null ? "" : ", expanded into " + c.inlinedInto()).append("; lock: ").append(c.lock())
                    .append("; reproduction: `").append(c.reproduction()).append("`; changed in: ").append(c.fixedIn()).append('\n');
        }
        b.append("\n## Distinct races (by the pair of code locations)\n");
        int i = 0;
        for (RaceLedger.Entry e : r.ledger().entries()) {
            Race race = e.race();
            b.append("\n### ").append(++i).append(". ").append(race.calls()).append("\n\n");
            b.append("- locations: `").append(race.key()).append("`\n");
            b.append("- variable: ").append(race.variable().isEmpty() ? "(not named)" : offsets.describe(race)).append('\n');
            Attributions.Cause cause = causeOf.get(race.key());
            b.append("- cause: ").append(cause == null ? "not attributed" : "`" + cause.id() + "`").append('\n');
            b.append("- seen: ").append(e.reports()).append(" reports in ").append(e.scenarios())
                    .append(e.withOneThread() ? "; also with one user thread (the library's own threads)" : "; only with several user threads")
                    .append('\n');
            for (Access a : race.accesses()) {
                b.append("- ").append(a.what()).append(" (in ").append(a.mpiCall()).append(")\n");
                for (Frame f : a.stack().subList(0, Math.min(FRAMES, a.stack().size()))) {
                    b.append("    - ").append(f.describe()).append('\n');
                }
            }
        }
        Map<String, Integer> supp = new LinkedHashMap<>();
        for (CAudit.Row row : r.rows()) {
            for (CAudit.RaceRun run : List.of(row.threads(), row.oneThread())) run.suppressed().forEach((k, n) -> supp.merge(k, n, Integer::sum));
        }
        java.util.Set<String> ours = new java.util.HashSet<>();
        try {
            Path file = org.mpiverify.audit.race.Suppressions.of(repoRoot, r.library());
            if (Files.exists(file)) org.mpiverify.audit.race.Suppressions.entries(file).forEach(e -> ours.add(e.name()));
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        b.append("\n## Suppressed\n\n");
        if (supp.isEmpty()) b.append("none\n");
        supp.forEach((k, n) -> b.append("- `").append(k).append("`: ").append(n)
                .append(ours.contains(k) ? " (audit/race/suppressions/" + r.library() + ".supp)" : " (Valgrind's default suppressions)")
                .append('\n'));
        return b.toString();
    }

    /** The race column: distinct races, how many also with one thread, unnamed frames. */
    static String raceCell(RaceLedger ledger, CAudit.Row row) {
        List<RaceLedger.Entry> es = ledger.of(row.scenario().id());
        long oneThread = es.stream().filter(RaceLedger.Entry::withOneThread).count();
        String s = es.isEmpty() ? "none" : es.size() + " (" + oneThread + " also with one thread)";
        if (!row.threads().problems().isEmpty() || !row.oneThread().problems().isEmpty()) s += ", reports incomplete";
        if (row.threads().verdict().outcome() != org.mpiverify.results.Outcome.PASS) s += ", run " + row.threads().verdict().outcome();
        return s;
    }

    static Map<String, Object> json(CAudit.Result r, Path repoRoot) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("library", r.library());
        m.put("tool", r.tool() == null ? null : r.tool().id());
        List<Object> rows = new ArrayList<>();
        for (CAudit.Row row : r.rows()) {
            Map<String, Object> x = new LinkedHashMap<>();
            x.put("id", row.scenario().id());
            x.put("recorded", CAudit.recorded(repoRoot, row.scenario().id(), r.library()));
            x.put("verdict", row.verdict().outcome().name());
            x.put("summary", row.verdict().summary());
            if (r.tool() != null) x.put("races", r.ledger().of(row.scenario().id()).stream().map(e -> e.race().key()).toList());
            rows.add(x);
        }
        m.put("scenarios", rows);
        List<Object> races = new ArrayList<>();
        org.mpiverify.audit.race.LibraryOffsets offsets = new org.mpiverify.audit.race.LibraryOffsets();
        Attributions attributions = Attributions.load(repoRoot, r.library());
        if (r.tool() != null) {
            for (RaceLedger.Entry e : r.ledger().entries()) {
                Map<String, Object> x = new LinkedHashMap<>();
                x.put("key", e.race().key());
                x.put("calls", e.race().calls());
                x.put("variable", offsets.describe(e.race()));
                x.put("cause", attributions.causeOf(offsets.describe(e.race())).map(Attributions.Cause::id).orElse(null));
                x.put("reports", e.reports());
                x.put("scenarios", e.scenarios());
                x.put("withOneThread", e.withOneThread());
                x.put("accesses", e.race().accesses().stream().map(a -> Map.of("what", a.what(), "mpiCall", a.mpiCall(),
                        "stack", a.stack().stream().map(Frame::describe).toList())).toList());
                races.add(x);
            }
        }
        m.put("races", races);
        return m;
    }
}
