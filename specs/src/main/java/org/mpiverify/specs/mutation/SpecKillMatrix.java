package org.mpiverify.specs.mutation;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import org.mpiverify.results.Provenance;
import org.mpiverify.results.SpecKillMatrixFile;
import org.mpiverify.results.SpecMutationScoresFile;

/**
 * The kill matrix of a spec mutation run: every mutant with its status, the model and property that
 * killed it, every model run, and the scores per family, per operator and per spec (module). Written
 * as the record {@link SpecKillMatrixFile} (module {@code results}, {@link #file}), which the dashboard reads it with;
 * the recorded scores go to {@code specs/mutation-scores.json} ({@link ScoreTable}).
 */
public final class SpecKillMatrix {
    /** The target: a family below this share of its non-equivalent mutants killed fails the run. */
    public static final int TARGET_PERCENT = 95;

    /** What killed a mutant: the model, the kind of violation and the property (null for a deadlock). */
    public record Kill(String model, String kind, String property) {}

    /**
     * One mutant.
     *
     * @param id          the stable id (what an equivalence claim names)
     * @param key         the short name of its files
     * @param family      the spec folder
     * @param spec        the mutated module
     * @param definition  the mutated definition
     * @param operator    the operator
     * @param line        the line of the change
     * @param description what changed
     * @param status      a {@link MutantStatus}
     * @param killedBy    the first kill, or null
     * @param runs        the model runs, in the order they ran
     * @param millis      wall milliseconds of its TLC runs
     * @param models      the passing models that use the mutated definition
     * @param sharedWith  the invariants and properties of those models that use the definition too
     * @param equivalence the argument of the equivalence file, if any
     * @param change      the change on one line ({@code old} → {@code new}, or the split's description)
     * @param diff        the unified diff of the mutant
     */
    public record Entry(String id, String key, String family, String spec, String definition, String operator, int line,
                        String description, String status, Kill killedBy, List<ModelRun> runs, long millis,
                        List<String> models, List<String> sharedWith, String equivalence, String change, String diff) {
        public MutantStatus state() {
            return MutantStatus.valueOf(status);
        }
    }

    /**
     * The counts of a group of mutants (a family, an operator, a spec).
     *
     * @param score killed over scored (every mutant but the equivalent, invalid and unrun ones); 1 when none is scored
     */
    public record Score(String group, int mutants, int killed, int survived, int timedOut, int invalid, int equivalent,
                        int wrongClaims, int notRun, double score, long millis) {
        public int scored() {
            return mutants - equivalent - invalid - notRun;
        }

        public boolean meetsTarget() {
            return 100 * score >= TARGET_PERCENT - 1e-9;
        }
    }

    /**
     * One family's run: its passing models, the mutants the generator made, those it dropped (textually
     * identical to the spec or to another mutant; rejected by SANY, each with SANY's complaint), and times.
     *
     * @param baselineSeconds the unmutated runs of the models (0 when the manifest's recorded times served)
     */
    public record FamilyRun(String family, List<String> models, int generated, int identical, int rejectedBySany,
                            List<String> rejected, int run, double wallSeconds, double baselineSeconds) {}

    /**
     * The file: what ran, when, and the matrix.
     *
     * @param mode        "all", "stratified N per spec and operator", "sample (...)", "selected" or "list"
     * @param claimsStale equivalence claims naming no mutant the generator makes now (an error in the claims file)
     */
    public record Document(String tool, Provenance provenance, String generated, String mode, List<String> operators,
                           long wallSeconds, int targetPercent, double deadlineFactor, int minDeadlineSeconds,
                           List<FamilyRun> families, List<Score> byFamily, List<Score> byOperator, List<Score> bySpec,
                           List<String> claimsStale, List<Entry> mutants) {}

    private SpecKillMatrix() {}

    /** Counts per group, groups in the order first seen. */
    public static List<Score> scores(List<Entry> entries, Function<Entry, String> group) {
        Map<String, List<Entry>> groups = new LinkedHashMap<>();
        for (Entry e : entries) groups.computeIfAbsent(group.apply(e), k -> new ArrayList<>()).add(e);
        List<Score> out = new ArrayList<>();
        groups.forEach((g, list) -> out.add(score(g, list)));
        return out;
    }

    public static Score score(String group, List<Entry> list) {
        Map<MutantStatus, Integer> n = new TreeMap<>();
        long millis = 0;
        for (Entry e : list) {
            n.merge(e.state(), 1, Integer::sum);
            millis += e.millis();
        }
        int killed = n.getOrDefault(MutantStatus.KILLED, 0) + n.getOrDefault(MutantStatus.CLAIMED_EQUIVALENT_BUT_KILLED, 0);
        int eq = n.getOrDefault(MutantStatus.EQUIVALENT, 0), inv = n.getOrDefault(MutantStatus.INVALID, 0);
        int notRun = n.getOrDefault(MutantStatus.NOT_RUN, 0);
        int scored = list.size() - eq - inv - notRun;
        double score = scored == 0 ? 1.0 : Math.round(10000.0 * killed / scored) / 10000.0;
        return new Score(group, list.size(), killed, n.getOrDefault(MutantStatus.SURVIVED, 0),
                n.getOrDefault(MutantStatus.TIMED_OUT, 0), inv, eq, n.getOrDefault(MutantStatus.CLAIMED_EQUIVALENT_BUT_KILLED, 0),
                notRun, score, millis);
    }

    /** {@code doc} as the file's record, through which it is written and the dashboard reads it. */
    public static SpecKillMatrixFile file(Document doc) {
        return new SpecKillMatrixFile(doc.tool(), doc.provenance(), doc.generated(), doc.mode(), doc.operators(),
                doc.wallSeconds(), doc.targetPercent(), doc.deadlineFactor(), doc.minDeadlineSeconds(),
                doc.families().stream().map(f -> new SpecKillMatrixFile.FamilyRun(f.family(), f.models(), f.generated(),
                        f.identical(), f.rejectedBySany(), f.rejected(), f.run(), f.wallSeconds(), f.baselineSeconds()))
                        .toList(),
                doc.byFamily().stream().map(SpecKillMatrix::record).toList(),
                doc.byOperator().stream().map(SpecKillMatrix::record).toList(),
                doc.bySpec().stream().map(SpecKillMatrix::record).toList(), doc.claimsStale(),
                doc.mutants().stream().map(SpecKillMatrix::record).toList());
    }

    /** A score as the files' record. */
    static SpecMutationScoresFile.Score record(Score s) {
        return new SpecMutationScoresFile.Score(s.group(), s.mutants(), s.killed(), s.survived(), s.timedOut(), s.invalid(),
                s.equivalent(), s.wrongClaims(), s.notRun(), s.score(), s.millis());
    }

    private static SpecKillMatrixFile.Mutant record(Entry e) {
        return new SpecKillMatrixFile.Mutant(e.id(), e.key(), e.family(), e.spec(), e.definition(), e.operator(), e.line(),
                e.description(), SpecKillMatrixFile.Status.valueOf(e.status()),
                e.killedBy() == null ? null : new SpecKillMatrixFile.Kill(e.killedBy().model(), e.killedBy().kind(),
                        e.killedBy().property()),
                e.runs() == null ? null : e.runs().stream().map(r -> new SpecKillMatrixFile.ModelRun(r.model(), r.verdict(),
                        r.outcome(), r.kind(), r.violated(), r.seconds(), r.distinctStates(), r.baselineStates(),
                        r.deadline(), r.message())).toList(),
                e.millis(), e.models(), e.sharedWith(), e.equivalence(), e.change(), e.diff());
    }
}
