package org.mpiverify.specs.mutation;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.mpiverify.results.Json;
import org.mpiverify.specs.Manifest;
import org.mpiverify.specs.ModelSpec;

/**
 * A repository of one spec family, {@code toy} (test resource {@code toy/Toy.tla}: a handover of values
 * through a buffer and a flag), with a manifest of the chosen models of {@code toy/manifest.json}, for
 * the spec mutation tool's tests.
 */
final class ToySpecs {
    static final String DIR = "/org/mpiverify/specs/mutation/toy/";

    private ToySpecs() {}

    /**
     * Writes {@code root/specs/{manifest.json, toy/Toy.tla}} with the models named (all quick), and the
     * equivalence file if {@code claims} is not null; returns {@code root}.
     */
    static Path create(Path root, List<String> models, String claims) throws IOException {
        return create(root, models, claims, Map.of());
    }

    /** As {@link #create(Path, List, String)}, with the manifest's recorded seconds of some models. */
    static Path create(Path root, List<String> models, String claims, Map<String, Double> seconds) throws IOException {
        Path toy = Files.createDirectories(root.resolve("specs/toy"));
        Files.writeString(toy.resolve("Toy.tla"), resource("Toy.tla"));
        Map<String, Object> manifest = Json.parseObject(resource("manifest.json"));
        Map<String, Object> spec = Json.objs(manifest, "specs").getFirst();
        List<Object> kept = new ArrayList<>();
        for (Map<String, Object> m : Json.objs(spec, "models")) {
            if (!models.contains(Json.str(m, "name", ""))) continue;
            m.put("size", "quick");
            Double secs = seconds.get(Json.str(m, "name", ""));
            if (secs != null) m.put("seconds", secs);
            kept.add(m);
        }
        spec.put("models", kept);
        Files.writeString(root.resolve("specs/manifest.json"), Json.write(manifest));
        if (claims != null) Files.writeString(toy.resolve(SpecEquivalents.FILE), claims);
        return root;
    }

    static String resource(String name) throws IOException {
        try (InputStream in = ToySpecs.class.getResourceAsStream(DIR + name)) {
            if (in == null) throw new IOException("no test resource " + DIR + name);
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    /** The toy family's graph (SANY) and workspace under {@code root/work}. */
    static SpecGraph graph(Path root, Sany sany, FamilyWorkspace ws) {
        Manifest m = Manifest.load(root.resolve("specs"));
        List<ModelSpec> passing = SpecMutateCommand.passing(m.folders().getFirst(), true);
        return SpecGraph.build(sany, "toy", ws.originalFolder(), passing);
    }

    static FamilyWorkspace workspace(Path root, Sany sany) {
        return new FamilyWorkspace(root.resolve("specs"), Manifest.load(root.resolve("specs")), "toy", root.resolve("work"), sany);
    }

    /** An equivalence file with one claim. */
    static String claim(String id, String kind, String reason) {
        return Json.write(new SpecEquivalents.ClaimsFile(List.of(new SpecEquivalents.Claim(id, kind, reason))));
    }
}
