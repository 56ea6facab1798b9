package org.mpiverify.audit.cscenario;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.mpiverify.results.Json;

/**
 * The C scenarios of {@code audit/c-scenarios/scenarios.json}, in file order. The folder holds the sources and their
 * common header {@code mvs.h}; the file is data, read here and nowhere else.
 */
public final class CScenarios {
    /** The folder, relative to the repository root. */
    public static final Path DIR = Path.of("audit", "c-scenarios");

    private CScenarios() { }

    /** The folder under {@code repoRoot}. */
    public static Path dir(Path repoRoot) {
        return repoRoot.resolve(DIR);
    }

    /** Every C scenario, read from {@code scenarios.json} under {@code repoRoot}. */
    public static List<CScenario> load(Path repoRoot) {
        Path file = dir(repoRoot).resolve("scenarios.json");
        try {
            Map<String, Object> m = Json.parseObject(Files.readString(file, StandardCharsets.UTF_8));
            return Json.objs(m, "scenarios").stream().map(s -> new CScenario(Json.str(s, "id", null),
                    Json.str(s, "source", null), Json.list(s, "defines").stream().map(String::valueOf).toList(),
                    (int) Json.integer(s, "raceRounds", 1))).toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
    }

    /** The C scenario of catalog scenario {@code id}, if one is kept. */
    public static java.util.Optional<CScenario> byId(Path repoRoot, String id) {
        return load(repoRoot).stream().filter(c -> c.id().equals(id)).findFirst();
    }
}
