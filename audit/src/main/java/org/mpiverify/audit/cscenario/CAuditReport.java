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
        b.append("\n## Frames without a name\n\n").append(org.mpiverify.audit.race.FrameNames.of(
                r.ledger().entries().stream().map(RaceLedger.Entry::race).toList()).describe()).append('\n');
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
            if (r.tool() == org.mpiverify.audit.race.RaceTool.TSAN) {
                org.mpiverify.audit.race.PairSuppressions.load(repoRoot, r.library()).entries().forEach(e -> ours.add(e.name()));
            } else if (Files.exists(file)) {
                org.mpiverify.audit.race.Suppressions.entries(file).forEach(e -> ours.add(e.name()));
            }
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        b.append("\n## Suppressed\n\n");
        if (supp.isEmpty()) b.append("none\n");
        supp.forEach((k, n) -> b.append("- `").append(k).append("`: ").append(n)
                .append(ours.contains(k) ? " (audit/race/suppressions/" + r.library()
                        + (r.tool().valgrind() ? ".supp)" : "-tsan.json)") : " (the tool's default suppressions)")
                .append('\n'));
        return b.toString();
    }

    /** The race column: distinct races, how many also with one thread, unnamed frames. */
    static String raceCell(RaceLedger ledger, CAudit.Row row) {
        List<RaceLedger.Entry> es = ledger.of(row.scenario().id());
        long oneThread = es.stream().filter(RaceLedger.Entry::withOneThread).count();
        String s = es.isEmpty() ? "none" : es.size() + (row.scenario().noOneThread() != null ? " (no run with one thread)"
                : " (" + oneThread + " also with one thread)");
        if (!row.threads().problems().isEmpty() || !row.oneThread().problems().isEmpty()) s += ", reports incomplete";
        if (row.threads().verdict().outcome() != org.mpiverify.results.Outcome.PASS) s += ", run " + row.threads().verdict().outcome();
        return s;
    }

    /**
     * {@code c-<library>[-<tool>].json}: the C audit of one library, per scenario its verdict and, under a race
     * detector, the races it reported; every race once, with both accesses.
     *
     * @param library   the library's name
     * @param tool      the race detector's id, null without one
     * @param scenarios one row per C scenario
     * @param races     the races the detector reported, empty without one
     */
    public record CAuditFile(String library, String tool, List<ScenarioRow> scenarios, List<RaceEntry> races) {
        public CAuditFile {
            scenarios = List.copyOf(scenarios);
            races = List.copyOf(races);
        }
    }

    /**
     * A scenario's row.
     *
     * @param id       the scenario's id
     * @param recorded what the scenario's recorded result says for this library
     * @param verdict  the run's outcome
     * @param summary  the verdict in words
     * @param races    the keys of the races it showed; null without a race detector (not checked, unlike an empty list)
     */
    public record ScenarioRow(String id, String recorded, String verdict, String summary, List<String> races) { }

    /**
     * One race.
     *
     * @param key           its key (suppressions and the ledger name it by this)
     * @param calls         the MPI calls of the two accesses
     * @param variable      the variable, as the library's symbols name it
     * @param cause         the id of the attributed root cause it belongs to, null if none
     * @param reports       how many reports the detector made of it
     * @param scenarios     the scenarios that showed it
     * @param withOneThread whether it shows with one thread per process too
     * @param accesses      both accesses
     */
    public record RaceEntry(String key, String calls, String variable, String cause, int reports, List<String> scenarios,
                            boolean withOneThread, List<AccessEntry> accesses) { }

    /** One access of a race: read or write, the MPI call it was made in, its stack. */
    public record AccessEntry(String what, String mpiCall, List<String> stack) { }

    static CAuditFile json(CAudit.Result r, Path repoRoot) {
        List<ScenarioRow> rows = new ArrayList<>();
        for (CAudit.Row row : r.rows()) {
            rows.add(new ScenarioRow(row.scenario().id(), CAudit.recorded(repoRoot, row.scenario().id(), r.library()),
                    row.verdict().outcome().name(), row.verdict().summary(), r.tool() == null ? null
                            : r.ledger().of(row.scenario().id()).stream().map(e -> e.race().key()).toList()));
        }
        List<RaceEntry> races = new ArrayList<>();
        org.mpiverify.audit.race.LibraryOffsets offsets = new org.mpiverify.audit.race.LibraryOffsets();
        Attributions attributions = Attributions.load(repoRoot, r.library());
        if (r.tool() != null) {
            for (RaceLedger.Entry e : r.ledger().entries()) {
                String variable = offsets.describe(e.race());
                races.add(new RaceEntry(e.race().key(), e.race().calls(), variable,
                        attributions.causeOf(variable).map(Attributions.Cause::id).orElse(null), e.reports(),
                        e.scenarios(), e.withOneThread(), e.race().accesses().stream().map(a -> new AccessEntry(a.what(),
                                a.mpiCall(), a.stack().stream().map(Frame::describe).toList())).toList()));
            }
        }
        return new CAuditFile(r.library(), r.tool() == null ? null : r.tool().id(), rows, races);
    }
}
