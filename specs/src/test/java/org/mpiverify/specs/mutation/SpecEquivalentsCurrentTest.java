package org.mpiverify.specs.mutation;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mpiverify.results.Workspace;
import org.mpiverify.specs.Manifest;

/**
 * Every claim of every family's equivalence file names a mutant the generator makes of today's specs: a
 * claim whose spec moved argues nothing, and its mutant would come back under a new id as an unexplained
 * survivor of the next run. SANY only (the families with a claims file), no TLC.
 */
class SpecEquivalentsCurrentTest {
    @TempDir
    Path scratch;

    @Test
    void everyClaimNamesAMutantOfTodaysSpecs() {
        Path root = Workspace.findRoot(Path.of("").toAbsolutePath()).orElseThrow();
        Path specs = root.resolve("specs");
        Manifest manifest = Manifest.load(specs);
        Sany sany = new Sany(scratch);
        List<String> stale = new ArrayList<>();
        for (Manifest.Folder f : manifest.folders()) {
            if (!Files.isRegularFile(specs.resolve(f.path()).resolve(SpecEquivalents.FILE))) continue;
            Set<String> claims = SpecEquivalents.read(specs, f.path()).keySet();
            FamilyWorkspace ws = new FamilyWorkspace(specs, manifest, f.path(), scratch.resolve("work"), sany);
            SpecGraph g = SpecGraph.build(sany, f.path(), ws.originalFolder(), SpecMutateCommand.passing(f, false));
            Set<String> ids = MutantGenerator.generate(g, EnumSet.allOf(SpecOperator.class)).stream()
                    .map(SpecMutant::id).collect(Collectors.toSet());
            for (String c : claims) if (!ids.contains(c)) stale.add(f.path() + ": " + c);
        }
        assertTrue(stale.isEmpty(), "equivalence claims that name no mutant (re-argue them under the new ids "
                + "./mpiverify mutate --specs FAMILY --list prints):\n" + String.join("\n", stale));
    }
}
