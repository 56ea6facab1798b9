package org.mpiverify.specs;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.mpiverify.results.Workspace;

/**
 * Writes every model's {@code MC_<name>.tla} and {@code MC_<name>.cfg} from {@code manifest.json}, so
 * that a model is written down once (the manifest) and its TLC files cannot drift from it. The files
 * are committed (TLC and a reader need them without a build); {@code ModelFilesCurrentTest} fails when
 * they differ from what this class generates, or when a spec folder holds an {@code MC_} file that no
 * model generates. Regenerate with {@code ./mpiverify tlc --generate} (or run {@link #main}).
 *
 * <p>The MC module extends the model's module and defines {@code MC_C == <expression>} for each
 * constant C; the configuration binds {@code C <- MC_C}, model values as {@code C = C}, and a spec
 * mutant's definition overrides as {@code Op <- MutantOp}, and a state constraint as {@code CONSTRAINT Op}.
 */
public final class ModelGenerator {
    static final String HEADER = "Generated from specs/manifest.json by org.mpiverify.specs.ModelGenerator: do not edit.";

    private ModelGenerator() {}

    /** Regenerates every model file under the specs folder of the repository that holds the current folder. */
    public static void main(String[] args) {
        Path root = Workspace.findRoot(Path.of("").toAbsolutePath())
                .filter(r -> Files.isRegularFile(r.resolve("specs/manifest.json")))
                .orElseThrow(() -> new IllegalStateException("no specs/manifest.json here or above"));
        List<Path> written = write(Manifest.load(root.resolve("specs")));
        System.out.println(written.size() + " model files written");
    }

    /** The generated files, path relative to the specs folder to content, in manifest order. */
    public static Map<Path, String> files(Manifest manifest) {
        Map<Path, String> out = new LinkedHashMap<>();
        for (ModelSpec m : manifest.models()) {
            out.put(Path.of(m.spec(), m.module() + ".tla"), module(m));
            out.put(Path.of(m.spec(), m.config()), config(m));
        }
        return out;
    }

    /** Writes every generated file and deletes {@code MC_*} files that no model generates; returns what changed. */
    public static List<Path> write(Manifest manifest) {
        Map<Path, String> files = files(manifest);
        List<Path> changed = new ArrayList<>();
        try {
            for (Map.Entry<Path, String> e : files.entrySet()) {
                Path f = manifest.specsDir().resolve(e.getKey());
                if (!Files.isRegularFile(f) || !Files.readString(f).equals(e.getValue())) {
                    Files.writeString(f, e.getValue());
                    changed.add(e.getKey());
                }
            }
            for (Path orphan : orphans(manifest, files)) {
                Files.delete(manifest.specsDir().resolve(orphan));
                changed.add(orphan);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return changed;
    }

    /** {@code MC_*.tla}/{@code .cfg} files in the manifest's folders that no model generates. */
    public static List<Path> orphans(Manifest manifest, Map<Path, String> files) {
        List<Path> out = new ArrayList<>();
        for (Manifest.Folder folder : manifest.folders()) {
            try (Stream<Path> s = Files.list(manifest.specsDir().resolve(folder.path()))) {
                s.map(p -> Path.of(folder.path(), p.getFileName().toString()))
                        .filter(p -> p.getFileName().toString().startsWith("MC_"))
                        .filter(p -> !files.containsKey(p)).sorted().forEach(out::add);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return out;
    }

    static String module(ModelSpec m) {
        StringBuilder b = new StringBuilder();
        b.append("---- MODULE ").append(m.module()).append(" ----\n");
        b.append("(* ").append(HEADER).append(" *)\n");
        for (String line : wrap("Model " + m.name() + ": " + m.description(), 96)) {
            b.append("(* ").append(line).append(" *)\n");
        }
        b.append("EXTENDS ").append(m.extendsModule()).append('\n');
        m.constants().forEach((c, v) -> b.append("MC_").append(c).append(" == ").append(v).append('\n'));
        b.append("====\n");
        return b.toString();
    }

    static String config(ModelSpec m) {
        StringBuilder b = new StringBuilder();
        b.append("\\* ").append(HEADER).append('\n');
        b.append("\\* Model ").append(m.name()).append(" (").append(m.mode()).append("), expected: ")
                .append(m.expected()).append('\n');
        if (!m.constants().isEmpty() || !m.modelValues().isEmpty() || !m.overrides().isEmpty()) {
            b.append("CONSTANTS\n");
            m.constants().keySet().forEach(c -> b.append("  ").append(c).append(" <- MC_").append(c).append('\n'));
            m.modelValues().forEach(c -> b.append("  ").append(c).append(" = ").append(c).append('\n'));
            m.overrides().forEach((op, by) -> b.append("  ").append(op).append(" <- ").append(by)
                    .append("   \\* spec mutant\n"));
        }
        b.append("SPECIFICATION ").append(m.specification()).append('\n');
        m.invariants().forEach(i -> b.append("INVARIANT ").append(i).append('\n'));
        m.properties().forEach(p -> b.append("PROPERTY ").append(p).append('\n'));
        b.append("CHECK_DEADLOCK ").append(m.checkDeadlock() ? "TRUE" : "FALSE").append('\n');
        if (m.view() != null) b.append("VIEW ").append(m.view()).append('\n');
        if (m.constraint() != null) b.append("CONSTRAINT ").append(m.constraint()).append('\n');
        return b.toString();
    }

    private static List<String> wrap(String text, int width) {
        List<String> lines = new ArrayList<>();
        StringBuilder line = new StringBuilder();
        for (String w : text.replace("(*", "( *").replace("*)", "* )").split("\\s+")) {
            if (!line.isEmpty() && line.length() + 1 + w.length() > width) {
                lines.add(line.toString());
                line.setLength(0);
            }
            if (!line.isEmpty()) line.append(' ');
            line.append(w);
        }
        if (!line.isEmpty()) lines.add(line.toString());
        return lines;
    }
}
