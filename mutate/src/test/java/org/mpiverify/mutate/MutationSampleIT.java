package org.mpiverify.mutate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.mpiverify.mutate.report.KillMatrix;
import org.mpiverify.results.Workspace;
import org.mpiverify.testkit.ThreadDumpOnFailure;

/**
 * {@code mvn verify}'s mutation run: the fixed sample ({@value MutateCommand#SAMPLE_PERMILLE} mutants in
 * a thousand of {@link MutateCommand#SAMPLE_OPERATORS}, chosen by a hash of their stable keys, the ones
 * argued in the equivalence file left out) of every component, against JUnit, Lincheck and jcstress. It fails if a sampled mutant
 * survives (with its diff), if a suite kills a mutant argued equivalent, or if the rate falls below the
 * target. {@code -Pfull} ({@code mpiverify.full=true}) runs every mutant instead.
 */
@ExtendWith(ThreadDumpOnFailure.class)
class MutationSampleIT {
    @Test
    @Timeout(value = 6, unit = TimeUnit.HOURS)
    void theSuitesKillTheSampledMutants() throws Exception {
        boolean full = Boolean.parseBoolean(Workspace.property("mpiverify.full").orElse("false"));
        MutateCommand.Options o = new MutateCommand.Options(List.of(),
                full ? MutateCommand.DEFAULT_OPERATORS : MutateCommand.SAMPLE_OPERATORS, List.of(), !full, true,
                Workspace.outputDir().resolve("mutate"), false);
        Instant start = Instant.now();
        MutateCommand.Outcome r = MutateCommand.execute(o, System.out);
        KillMatrix k = r.matrix();
        System.out.printf("[mutate] %s: %d mutants, %d detected of %d non-equivalent (%.1f %%) in %d s; %s%n",
                full ? "all" : "sample", k.mutants().size(), k.detected(), k.nonEquivalent(), 100 * k.killRate(),
                Duration.between(start, Instant.now()).toSeconds(), r.markdown());
        System.out.println(Files.readString(r.markdown()));
        assertFalse(k.mutants().isEmpty(), "no mutant ran: the run selected nothing");
        assertEquals(List.of(), k.wrongClaims().stream().map(KillMatrix.Entry::key).toList(),
                "mutants argued equivalent (mutate/equivalent-mutants.md) that a suite killed");
        StringBuilder survivors = new StringBuilder();
        for (KillMatrix.Entry e : k.survivors()) {
            survivors.append(e.key()).append(" (").append(e.detail()).append(")\n").append(e.sourceDiff())
                    .append(e.bytecodeDiff() == null ? "" : e.bytecodeDiff()).append('\n');
        }
        if (full) {
            assertTrue(100 * k.killRate() >= MutateCommand.TARGET_PERCENT, "below the target:\n" + survivors);
        } else {
            assertEquals("", survivors.toString(), "sampled mutants no suite killed (kill them, or argue them equivalent)");
        }
    }
}
