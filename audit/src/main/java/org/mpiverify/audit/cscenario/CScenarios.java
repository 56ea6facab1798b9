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
        return Json.objs(read(repoRoot), "scenarios").stream().map(s -> new CScenario(Json.str(s, "id", null),
                Json.str(s, "source", null), Json.list(s, "defines").stream().map(String::valueOf).toList(),
                (int) Json.integer(s, "raceRounds", 1),
                s.containsKey("byPresence") ? Json.list(s, "byPresence").stream().map(String::valueOf).toList()
                        : List.<String>of(), Json.str(s, "noOneThread", null))).toList();
    }

    /** {@code scenarios.json} under {@code repoRoot}, parsed. */
    private static Map<String, Object> read(Path repoRoot) {
        Path file = dir(repoRoot).resolve("scenarios.json");
        try {
            return Json.parseObject(Files.readString(file, StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
    }

    /**
     * The catalog scenarios that have no C program because C cannot make the Java scenario's calls, each with why
     * ({@code scenarios.json}'s {@code notInC}), in file order.
     */
    public static Map<String, String> notInC(Path repoRoot) {
        Map<String, String> out = new java.util.LinkedHashMap<>();
        for (Map<String, Object> s : Json.objs(read(repoRoot), "notInC")) out.put(Json.str(s, "id", null), Json.str(s, "why", null));
        return java.util.Collections.unmodifiableMap(out);
    }

    /**
     * What a C program may give on {@code library} beyond the Java binding's recorded verdicts, and why ({@code
     * scenarios.json}'s {@code differs}: a failure the C program shows and the Java binding's runs have not, with the
     * mechanism); empty when the C program is held to the Java binding's verdicts alone.
     */
    public static Map<String, String> differs(Path repoRoot, String id, String library) {
        for (Map<String, Object> s : Json.objs(read(repoRoot), "scenarios")) {
            if (!id.equals(Json.str(s, "id", null)) || !s.containsKey("differs")) continue;
            Map<String, Object> d = Json.obj(Json.obj(s, "differs"), library);
            if (d == null) return Map.of();
            Map<String, String> out = new java.util.LinkedHashMap<>();
            for (Object o : Json.list(d, "allows")) out.put(String.valueOf(o), Json.str(d, "why", null));
            return java.util.Collections.unmodifiableMap(out);
        }
        return Map.of();
    }

    /** The verdicts a C program may give on {@code library}: the Java binding's recorded ones and {@link #differs}. */
    public static java.util.Set<String> allowed(Path repoRoot, String id, String library) {
        java.util.Set<String> all = new java.util.TreeSet<>(CAudit.allowed(repoRoot, id, library));
        all.addAll(differs(repoRoot, id, library).keySet());
        return java.util.Collections.unmodifiableSet(all);
    }

    /** The C scenario of catalog scenario {@code id}, if one is kept. */
    public static java.util.Optional<CScenario> byId(Path repoRoot, String id) {
        return load(repoRoot).stream().filter(c -> c.id().equals(id)).findFirst();
    }
}
