package org.mpiverify.specs.mutation;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.mpiverify.specs.Manifest;
import org.mpiverify.specs.ModelGenerator;
import org.mpiverify.specs.ModelSpec;

/**
 * The scratch folders of one family's mutation run: a copy of the family's folder (its modules and
 * the MC files generated from the manifest, so a stale committed MC file cannot mislead the run), and
 * per mutant a folder with the mutated modules and links to the unmutated files, which SANY checks and
 * TLC runs in. The spec folder itself
 * is never written. Not thread-safe: one run uses it.
 */
final class FamilyWorkspace {
    private final String family;
    private final Path root;
    private final Path original;
    private final Sany sany;

    /**
     * @param specsDir the repository's {@code specs/} folder
     * @param manifest its manifest
     * @param family   the spec folder
     * @param work     a scratch folder of the run (this family's files go to {@code work/<family>/})
     */
    FamilyWorkspace(Path specsDir, Manifest manifest, String family, Path work, Sany sany) {
        this.family = family;
        this.root = work.resolve(family);
        this.original = root.resolve("original");
        this.sany = sany;
        try {
            deleteTree(root);
            Path folder = original.resolve(family);
            Files.createDirectories(folder);
            try (Stream<Path> s = Files.list(specsDir.resolve(family))) {
                for (Path f : s.filter(p -> p.getFileName().toString().endsWith(".tla")
                        && !p.getFileName().toString().startsWith("MC_")).toList()) {
                    Files.copy(f, folder.resolve(f.getFileName()));
                }
            }
            for (Map.Entry<Path, String> e : ModelGenerator.files(manifest).entrySet()) {
                if (e.getKey().getParent().toString().equals(family)) Files.writeString(original.resolve(e.getKey()), e.getValue());
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot prepare the scratch copy of " + family, e);
        }
    }

    /** The specs folder of the unmutated copy (TLC's runner takes a specs folder). */
    Path originalSpecs() {
        return original;
    }

    /** The family folder of the unmutated copy. */
    Path originalFolder() {
        return original.resolve(family);
    }

    /**
     * Writes the mutant's copy (the unmutated files, the mutated modules over them) and returns its specs
     * folder.
     */
    Path write(SpecMutant m, Map<String, String> texts) {
        Path specs = root.resolve("m-" + m.key());
        Path folder = specs.resolve(family);
        try {
            deleteTree(specs);
            Files.createDirectories(folder);
            // the unchanged files as links to the unmutated copy: a family folder holds a hundred MC files
            try (Stream<Path> s = Files.list(originalFolder())) {
                for (Path f : s.toList()) {
                    String name = f.getFileName().toString();
                    if (name.endsWith(".tla") && texts.containsKey(name.substring(0, name.length() - 4))) continue;
                    Files.createSymbolicLink(folder.resolve(name), f.toAbsolutePath());
                }
            }
            for (Map.Entry<String, String> e : texts.entrySet()) Files.writeString(folder.resolve(e.getKey() + ".tla"), e.getValue());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the copy of mutant " + m.id(), e);
        }
        return specs;
    }

    /**
     * Null if SANY accepts the mutant's copy (one MC module per distinct module its models extend: the
     * constants do not change what SANY checks), else SANY's complaint.
     */
    String sanyRejects(Path specs, List<ModelSpec> models) {
        Map<String, ModelSpec> byModule = new LinkedHashMap<>();
        for (ModelSpec m : models) byModule.putIfAbsent(m.extendsModule(), m);
        for (ModelSpec m : byModule.values()) {
            Sany.Parse p = sany.parse(specs.resolve(family), m.module());
            if (!p.ok()) return firstError(p.messages());
        }
        return null;
    }

    void delete(Path specs) {
        deleteTree(specs);
    }

    void deleteAll() {
        deleteTree(root);
    }

    private static String firstError(String messages) {
        Set<String> lines = new LinkedHashSet<>();
        boolean after = false;
        for (String l : messages.split("\n")) {
            String t = l.strip();
            if (t.startsWith("***") || t.contains("rror") || t.startsWith("Encountered") || after) {
                if (!t.isEmpty()) lines.add(t);
                after = true;
            }
            if (lines.size() >= 4) break;
        }
        return lines.isEmpty() ? messages.strip().lines().reduce((a, b) -> b).orElse("SANY rejected it")
                : String.join(" ", lines);
    }

    private static void deleteTree(Path dir) {
        if (!Files.exists(dir)) return;
        try (Stream<Path> s = Files.walk(dir)) {
            s.sorted(Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot delete " + dir, e);
        }
    }
}
