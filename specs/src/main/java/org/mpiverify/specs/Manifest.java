package org.mpiverify.specs;

import org.mpiverify.results.Json;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code specs/manifest.json}: every model with its expected result, in the spirit of
 * tlaplus/Examples. Shape:
 * <pre>
 * { "specs": [ { "path": "contextid", "title": "...", "paper": "...", "javaClasses": [...],
 *                "models": [ { "name", "module", "config", "constants", "mode", "result",
 *                              "violated", "size", "timeoutSeconds", "distinctStates",
 *                              "seconds", "description" } ] } ] }
 * </pre>
 */
public final class Manifest {
    private final Path specsDir;
    private final List<ModelSpec> models;

    private Manifest(Path specsDir, List<ModelSpec> models) {
        this.specsDir = specsDir;
        this.models = List.copyOf(models);
    }

    /** Loads {@code manifest.json} from the given specs folder. */
    public static Manifest load(Path specsDir) {
        Path file = specsDir.resolve("manifest.json");
        Object root;
        try {
            root = Json.parse(Files.readString(file));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
        List<ModelSpec> models = new ArrayList<>();
        for (Object s : list(map(root).get("specs"))) {
            Map<String, Object> spec = map(s);
            String path = (String) spec.get("path");
            for (Object m : list(spec.get("models"))) {
                models.add(model(path, map(m)));
            }
        }
        return new Manifest(specsDir, models);
    }

    private static ModelSpec model(String spec, Map<String, Object> m) {
        String name = (String) m.get("name");
        Outcome outcome = Outcome.fromManifest((String) m.get("result"));
        String violated = (String) m.get("violated");
        if (outcome.isViolation() && outcome != Outcome.DEADLOCK && violated == null) {
            throw new IllegalArgumentException("model " + name + ": a " + outcome.manifestName()
                    + " must name what is violated");
        }
        String size = (String) m.getOrDefault("size", "quick");
        int defaultTimeout = "quick".equals(size) ? 120 : 3600;
        return new ModelSpec(name, spec, (String) m.get("module"), (String) m.get("config"),
                m.get("constants") == null ? Map.of() : map(m.get("constants")),
                (String) m.getOrDefault("mode", "exhaustive"),
                new Expectation(outcome, violated), size,
                ((Number) m.getOrDefault("timeoutSeconds", (long) defaultTimeout)).intValue(),
                ((Number) m.getOrDefault("distinctStates", -1L)).longValue(),
                ((Number) m.getOrDefault("seconds", -1.0)).doubleValue(),
                (String) m.getOrDefault("description", ""));
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> map(Object o) {
        if (!(o instanceof Map)) throw new IllegalArgumentException("manifest: expected an object");
        return (Map<String, Object>) o;
    }

    @SuppressWarnings("unchecked")
    private static List<Object> list(Object o) {
        if (!(o instanceof List)) throw new IllegalArgumentException("manifest: expected an array");
        return (List<Object>) o;
    }

    public Path specsDir() {
        return specsDir;
    }

    public List<ModelSpec> models() {
        return models;
    }

    /** The models of the quick class, or all of them when {@code full}. */
    public List<ModelSpec> select(boolean full) {
        return models.stream().filter(m -> full || m.isQuick()).toList();
    }

    /**
     * Models by name; a spec folder name selects all its models (quick ones unless {@code full}).
     *
     * @throws IllegalArgumentException naming the unknown argument
     */
    public List<ModelSpec> select(List<String> names, boolean full) {
        if (names.isEmpty()) return select(full);
        Map<String, ModelSpec> picked = new LinkedHashMap<>();
        for (String n : names) {
            List<ModelSpec> hit = models.stream().filter(m -> m.name().equals(n)).toList();
            if (hit.isEmpty()) {
                hit = models.stream().filter(m -> m.spec().equals(n) && (full || m.isQuick())).toList();
            }
            if (hit.isEmpty()) throw new IllegalArgumentException("no model or spec named '" + n + "'");
            hit.forEach(m -> picked.put(m.name(), m));
        }
        return List.copyOf(picked.values());
    }
}
