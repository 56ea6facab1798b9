package org.mpiverify.specs.mutation;

import java.util.List;
import java.util.Locale;

/** The Markdown summary of a spec mutation run: scores per family, per operator and per spec; the survivors. */
public final class SpecMutationSummary {
    private SpecMutationSummary() {}

    public static String markdown(SpecKillMatrix.Document d) {
        StringBuilder sb = new StringBuilder("# Spec mutation testing\n\n");
        sb.append("Generated ").append(d.generated()).append(", mode ").append(d.mode()).append(", operators ")
          .append(d.operators()).append(", ").append(d.wallSeconds()).append(" s in all; deadline per model: ")
          .append(fmt(d.deadlineFactor())).append(" x its unmutated time, at least ").append(d.minDeadlineSeconds())
          .append(" s. Target: ").append(d.targetPercent())
          .append(" % of the non-equivalent mutants of every family killed.\n\n");
        sb.append("Killed = a passing model reports an invariant, action property, temporal property, refinement or deadlock "
                + "violation; a changed state count alone is not a kill. Score = killed / (mutants − equivalent − invalid − not run); "
                + "a timeout counts against it. Shared: the mutated definition is also used by the oracles named (the mutant "
                + "changes them too).\n\n");
        table(sb, "Per family", "family", d.byFamily());
        sb.append("| family | passing models | generated | identical (dropped) | rejected by SANY (dropped) | run | wall | per mutant |\n");
        sb.append("|---|---|---|---|---|---|---|---|\n");
        for (SpecKillMatrix.FamilyRun f : d.families()) {
            sb.append("| ").append(f.family()).append(" | ").append(f.models().size()).append(" | ").append(f.generated())
              .append(" | ").append(f.identical()).append(" | ").append(f.rejectedBySany()).append(" | ").append(f.run())
              .append(" | ").append(fmt(f.wallSeconds())).append(" s | ")
              .append(f.run() == 0 ? "—" : fmt(f.wallSeconds() / f.run()) + " s").append(" |\n");
        }
        sb.append('\n');
        table(sb, "Per operator", "operator", d.byOperator());
        table(sb, "Per spec", "spec", d.bySpec());
        List<SpecKillMatrix.Entry> alive = d.mutants().stream()
                .filter(e -> e.state() == MutantStatus.SURVIVED || e.state() == MutantStatus.TIMED_OUT).toList();
        if (!alive.isEmpty()) {
            sb.append("## Survivors\n\n\"Same states\": every model found exactly as many distinct states as without the mutant, "
                    + "a hint (not a proof) that no passing model reaches the change.\n\n"
                    + "| mutant | status | change | models run | same states | shared with |\n|---|---|---|---|---|---|\n");
            for (SpecKillMatrix.Entry e : alive) {
                boolean same = !e.runs().isEmpty() && e.runs().stream()
                        .allMatch(r -> r.baselineStates() >= 0 && r.distinctStates() == r.baselineStates());
                sb.append("| `").append(cell(e.id())).append("` | ").append(e.status()).append(" | ")
                  .append(cell(e.change())).append(" | ").append(e.runs().size()).append(" | ").append(same ? "yes" : "")
                  .append(" | ").append(e.sharedWith().isEmpty() ? "" : cell(String.join(", ", e.sharedWith()))).append(" |\n");
            }
            sb.append('\n');
        }
        List<SpecKillMatrix.Entry> wrong = d.mutants().stream().filter(e -> e.state() == MutantStatus.CLAIMED_EQUIVALENT_BUT_KILLED).toList();
        if (!wrong.isEmpty()) {
            sb.append("## Equivalence claims refuted by a model\n\n");
            for (SpecKillMatrix.Entry e : wrong) {
                sb.append("- `").append(e.id()).append("`: ").append(e.killedBy().kind()).append(' ')
                  .append(e.killedBy().property() == null ? "" : e.killedBy().property()).append(" in ")
                  .append(e.killedBy().model()).append('\n');
            }
            sb.append('\n');
        }
        if (!d.claimsStale().isEmpty()) {
            sb.append("## Equivalence claims that name no mutant (stale)\n\n");
            d.claimsStale().forEach(c -> sb.append("- `").append(c).append("`\n"));
            sb.append('\n');
        }
        List<SpecKillMatrix.Entry> invalid = d.mutants().stream().filter(e -> e.state() == MutantStatus.INVALID).toList();
        if (!invalid.isEmpty()) {
            sb.append("## Invalid (TLC cannot evaluate the mutant; left out of the score)\n\n| mutant | TLC |\n|---|---|\n");
            for (SpecKillMatrix.Entry e : invalid) {
                String why = e.runs().stream().filter(r -> r.verdict().equals(ModelRun.INVALID)).map(ModelRun::message)
                        .findFirst().orElse("");
                sb.append("| `").append(cell(e.id())).append("` | ").append(cell(why.length() > 160 ? why.substring(0, 159) + "…" : why)).append(" |\n");
            }
            sb.append('\n');
        }
        return sb.toString();
    }

    private static void table(StringBuilder sb, String title, String what, List<SpecKillMatrix.Score> scores) {
        sb.append("## ").append(title).append("\n\n| ").append(what)
          .append(" | mutants | killed | survived | timed out | invalid | equivalent | refuted claims | score | time |\n")
          .append("|---|---|---|---|---|---|---|---|---|---|\n");
        for (SpecKillMatrix.Score s : scores) {
            sb.append("| ").append(s.group()).append(" | ").append(s.mutants()).append(" | ").append(s.killed())
              .append(" | ").append(s.survived()).append(" | ").append(s.timedOut()).append(" | ").append(s.invalid())
              .append(" | ").append(s.equivalent()).append(" | ").append(s.wrongClaims()).append(" | ")
              .append(s.scored() == 0 ? "—" : String.format(Locale.ROOT, "%.1f %%", 100 * s.score()))
              .append(s.scored() > 0 && !s.meetsTarget() && what.equals("family") ? " (below target)" : "")
              .append(" | ").append(fmt(s.millis() / 1000.0)).append(" s |\n");
        }
        sb.append('\n');
    }

    static String cell(String s) {
        return s == null ? "" : s.replace("|", "\\|").replace("\n", " ");
    }

    static String fmt(double v) {
        return v == Math.rint(v) ? Long.toString((long) v) : String.format(Locale.ROOT, "%.1f", v);
    }
}
