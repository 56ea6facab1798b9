package org.mpiverify.specs.mutation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.mpiverify.results.Workspace;
import org.mpiverify.specs.Manifest;

/**
 * {@code mvn verify}: the fixed sample of spec mutants ({@code specs/mutation-sample.txt}), each of which
 * a passing model of its family must kill, across families and operators; their models run with one
 * TLC worker and the manifest's recorded times as the deadlines' base. The sample has mutants of every
 * family, so every family's mutants are made and every equivalence claim is checked against them (a
 * claim that names no mutant fails the run). {@code -Pfull}: every mutant of
 * every family, which must meet the target with no refuted or stale equivalence claim. Writes
 * {@code <out>/mutate-specs/kill-matrix.json} for the dashboard.
 */
class SpecMutationSampleIT {
    @Test
    void theSampleIsKilledOrUnderFullEveryFamilyMeetsItsTarget() {
        Path root = Workspace.findRoot(Path.of("").toAbsolutePath()).orElseThrow();
        boolean full = Boolean.parseBoolean(System.getProperty("mpiverify.full", "false"));
        List<String> sample = SpecMutateCommand.readSample(root.resolve(SpecMutateCommand.SAMPLE_FILE));
        SpecMutateCommand.Options o = new SpecMutateCommand.Options(List.of(), List.of(), List.of(), !full, 0, false, false,
                false, 5.0, 30, null);
        long start = System.nanoTime();
        SpecMutateCommand.Result r = SpecMutateCommand.execute(o, root, System.out);
        System.out.printf("spec mutation %s: %d mutants in %.1f s%n", full ? "(all)" : "sample", r.document().mutants().size(),
                (System.nanoTime() - start) / 1e9);
        assertTrue(r.document().claimsStale().isEmpty(), "equivalence claims that name no mutant of today's specs "
                + "(re-argue them under the ids ./mpiverify mutate --specs FAMILY --list prints): " + r.document().claimsStale());
        if (!full) {
            assertEquals(sample.size(), r.document().mutants().size(), "every listed mutant exists and ran");
            assertEquals(r.document().families().size(), Manifest.load(root.resolve("specs")).folders().size(),
                    "the sample has mutants of every family");
            String alive = r.document().mutants().stream().filter(e -> !e.state().killed())
                    .map(e -> e.id() + " " + e.status() + "\n" + e.diff()).collect(Collectors.joining("\n"));
            assertTrue(alive.isEmpty(), "sample mutants no model killed:\n" + alive);
        } else {
            String refuted = r.document().mutants().stream().filter(e -> e.state() == MutantStatus.CLAIMED_EQUIVALENT_BUT_KILLED)
                    .map(SpecKillMatrix.Entry::id).collect(Collectors.joining("\n"));
            assertTrue(refuted.isEmpty(), "mutants argued equivalent that a model kills:\n" + refuted);
            String below = r.document().byFamily().stream().filter(s -> s.scored() > 0 && !s.meetsTarget())
                    .map(s -> s.group() + " " + s.killed() + "/" + s.scored()).collect(Collectors.joining(", "));
            assertTrue(below.isEmpty(), "families below " + SpecKillMatrix.TARGET_PERCENT + " %: " + below
                    + " (survivors in " + r.markdown() + ")");
        }
        assertEquals(0, r.exitCode());
    }
}
