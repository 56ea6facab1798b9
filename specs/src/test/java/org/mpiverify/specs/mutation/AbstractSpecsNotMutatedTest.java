package org.mpiverify.specs.mutation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mpiverify.results.Workspace;
import org.mpiverify.specs.Manifest;
import org.mpiverify.specs.ModelSpec;

/**
 * The promise an algorithm is held to is an oracle: in the matching family, whose passing models check
 * {@code RefinesMpiMatching == Abs!Spec} and whose models {@code mpi_match_*} run {@code MpiMatching} on its
 * own, no definition of {@code MpiMatching} is mutated, while the algorithm specs' are. SANY only, no TLC.
 */
class AbstractSpecsNotMutatedTest {
    @Test
    void theRefinementsTargetIsAnAbstractSpecAndNoneOfItsDefinitionsIsMutated(@TempDir Path dir) {
        Path specs = Workspace.findRoot(Path.of("").toAbsolutePath()).orElseThrow().resolve("specs");
        Manifest manifest = Manifest.load(specs);
        Manifest.Folder folder = manifest.folders().stream().filter(f -> f.path().equals("matching")).findFirst().orElseThrow();
        List<ModelSpec> models = SpecMutateCommand.passing(folder, false);
        assertTrue(models.stream().anyMatch(m -> "MpiMatching".equals(m.extendsModule())), "a model runs the promise on its own");
        Sany sany = new Sany(dir.resolve("scratch"));
        FamilyWorkspace ws = new FamilyWorkspace(specs, manifest, "matching", dir.resolve("work"), sany);
        SpecGraph graph = SpecGraph.build(sany, "matching", ws.originalFolder(), models);
        assertEquals(Set.of("MpiMatching"), graph.abstractModules());
        List<SpecMutant> mutants = MutantGenerator.generate(graph, EnumSet.allOf(SpecOperator.class));
        assertFalse(mutants.stream().anyMatch(m -> m.id().startsWith("MpiMatching!")), "a mutant of the promise");
        assertTrue(mutants.stream().anyMatch(m -> m.id().startsWith("Matching!")), "no mutant of the algorithm");
        assertTrue(mutants.stream().anyMatch(m -> m.id().startsWith("HashMatching!")), "no mutant of the hashed algorithm");
    }
}
