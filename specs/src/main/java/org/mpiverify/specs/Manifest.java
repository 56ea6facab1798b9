package org.mpiverify.specs;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.mpiverify.results.Json;

/**
 * {@code specs/manifest.json}: every model with its constants, what it checks and its expected result,
 * in the spirit of tlaplus/Examples. The {@code MC_*.tla}/{@code .cfg} files are generated from it
 * ({@link ModelGenerator}). Shape:
 * <pre>
 * { "specs": [ { "path": "contextid", "title", "paper", "javaClasses": [...],
 *                "actions": { "Module": ["Action", ...] },          // what coverage must see fire
 *                "notCovered": { "Module": { "Action": "why" } },   // what it need not
 *                "defaults": { model fields shared by the folder's models },
 *                "models": [ { "name", "module", "constants": { "C": "TLA+ expression" },
 *                              "modelValues", "overrides": { "Op": "MutantOp" }, "specification",
 *                              "invariants", "properties", "checkDeadlock", "view", "constraint", "mode", "result",
 *                              "violated", "size", "timeoutSeconds", "distinctStates", "stateTolerance",
 *                              "seconds", "coverage", "description" } ] } ] }
 * </pre>
 * A model's {@code constants} are merged over the folder's default constants; every other field it
 * names replaces the default.
 */
public final class Manifest {
    /**
     * One spec folder: its models; per module, the actions its covering models must fire; and per module
     * the actions no covering model is expected to fire, each with the reason.
     */
    public record Folder(String path, String title, Map<String, List<String>> actions,
                         Map<String, Map<String, String>> notCovered, List<ModelSpec> models) {}

    private final Path specsDir;
    private final List<Folder> folders;
    private final List<ModelSpec> models;

    private Manifest(Path specsDir, List<Folder> folders) {
        this.specsDir = specsDir;
        this.folders = List.copyOf(folders);
        this.models = folders.stream().flatMap(f -> f.models().stream()).toList();
    }

    /** Loads {@code manifest.json} from the given specs folder. */
    public static Manifest load(Path specsDir) {
        Path file = specsDir.resolve("manifest.json");
        try {
            return parse(specsDir, Files.readString(file));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
    }

    /** Parses manifest text (for tests); {@code specsDir} is where its folders are. */
    public static Manifest parse(Path specsDir, String text) {
        List<Folder> folders = new ArrayList<>();
        for (Object s : list(map(Json.parse(text)).get("specs"))) {
            Map<String, Object> spec = map(s);
            String path = (String) spec.get("path");
            Map<String, Object> defaults = spec.get("defaults") == null ? Map.of() : map(spec.get("defaults"));
            List<ModelSpec> models = new ArrayList<>();
            for (Object m : list(spec.get("models"))) {
                models.add(model(path, defaults, map(m)));
            }
            Map<String, List<String>> actions = new LinkedHashMap<>();
            if (spec.get("actions") != null) {
                map(spec.get("actions")).forEach((module, names) -> actions.put(module, strings(names)));
            }
            Map<String, Map<String, String>> notCovered = new LinkedHashMap<>();
            if (spec.get("notCovered") != null) {
                map(spec.get("notCovered")).forEach((module, why) -> notCovered.put(module, stringMap(why)));
            }
            folders.add(new Folder(path, (String) spec.getOrDefault("title", path), actions, notCovered, models));
        }
        return new Manifest(specsDir, folders);
    }

    private static ModelSpec model(String spec, Map<String, Object> defaults, Map<String, Object> own) {
        Map<String, Object> m = new LinkedHashMap<>(defaults);
        m.putAll(own);
        Map<String, String> constants = new LinkedHashMap<>();
        if (defaults.get("constants") != null) constants.putAll(stringMap(defaults.get("constants")));
        if (own.get("constants") != null) constants.putAll(stringMap(own.get("constants")));
        String name = (String) m.get("name");
        if (name == null || !name.matches("[A-Za-z][A-Za-z0-9_]*")) {
            throw new IllegalArgumentException("manifest: bad model name '" + name + "'");
        }
        TlcOutcome outcome = TlcOutcome.fromManifest((String) m.get("result"));
        String violated = (String) m.get("violated");
        if (outcome.isViolation() && outcome != TlcOutcome.DEADLOCK && violated == null) {
            throw new IllegalArgumentException("model " + name + ": a " + outcome.manifestName()
                    + " must name what is violated");
        }
        String size = (String) m.getOrDefault("size", "quick");
        int defaultTimeout = "quick".equals(size) ? 120 : 3600;
        Object tolerance = m.get("stateTolerance");
        return new ModelSpec(name, spec, (String) m.get("module"), constants,
                m.get("modelValues") == null ? List.of() : strings(m.get("modelValues")),
                m.get("overrides") == null ? Map.of() : stringMap(m.get("overrides")),
                (String) m.getOrDefault("specification", "Spec"),
                m.get("invariants") == null ? List.of() : strings(m.get("invariants")),
                m.get("properties") == null ? List.of() : strings(m.get("properties")),
                (Boolean) m.getOrDefault("checkDeadlock", Boolean.TRUE), (String) m.get("view"), (String) m.get("constraint"),
                (String) m.getOrDefault("mode", "exhaustive"), new Expectation(outcome, violated), size,
                ((Number) m.getOrDefault("timeoutSeconds", (long) defaultTimeout)).intValue(),
                ((Number) m.getOrDefault("distinctStates", -1L)).longValue(),
                tolerance == null ? 0.0 : ((Number) tolerance).doubleValue(),
                ((Number) m.getOrDefault("seconds", -1.0)).doubleValue(),
                (Boolean) m.getOrDefault("coverage", outcome == TlcOutcome.SUCCESS && m.get("overrides") == null),
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

    private static List<String> strings(Object o) {
        return list(o).stream().map(x -> (String) x).toList();
    }

    private static Map<String, String> stringMap(Object o) {
        Map<String, String> out = new LinkedHashMap<>();
        map(o).forEach((k, v) -> out.put(k, v instanceof String s ? s : String.valueOf(v)));
        return out;
    }

    public Path specsDir() {
        return specsDir;
    }

    public List<Folder> folders() {
        return folders;
    }

    public List<ModelSpec> models() {
        return models;
    }

    /** The model named {@code name}. */
    public ModelSpec model(String name) {
        return models.stream().filter(m -> m.name().equals(name)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no model named '" + name + "'"));
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
