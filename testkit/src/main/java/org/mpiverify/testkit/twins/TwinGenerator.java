package org.mpiverify.testkit.twins;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * Writes the source of every known-bad twin of a module from its patch ({@link TwinPatch}), at build
 * time, so that a twin is always its current original plus its marked defect lines and never a copy
 * that drifts. Run by each module's build (exec-maven-plugin, phase generate-sources or
 * generate-test-sources; the parent pom's executions {@code main-twins} and {@code test-twins}):
 * {@code TwinGenerator REPO_ROOT MODULE OUT_DIR [ORIGINALS_UNDER]}, where {@code MODULE} names a folder of the
 * twins' home ({@link TwinHome}), read through the class path. It fails the build if a patch no
 * longer applies. With {@code ORIGINALS_UNDER} (a repository path such as {@code impl/src/main/java}) only
 * the twins of originals under it are written: another module reuses a module's twins of main classes
 * (trace validation runs the test suites' twins in jobs) without the twins of its test classes. A twin that
 * keeps its original's name ({@link TwinPatch#keepsName()}) is not written: beside its original it would
 * replace it for every test; tests compile it apart ({@link TwinCompiler}).
 */
public final class TwinGenerator {
    private TwinGenerator() {}

    public static void main(String[] args) throws IOException {
        if (args.length != 3 && args.length != 4) {
            throw new IllegalArgumentException("usage: TwinGenerator REPO_ROOT MODULE OUT_DIR [ORIGINALS_UNDER]");
        }
        List<Path> written = generate(Path.of(args[0]), TwinHome.folder(args[1]), Path.of(args[2]),
                args.length == 4 ? args[3] : "");
        System.out.println("[twins] " + written.size() + " known-bad twin(s) generated from " + TwinHome.SOURCES
                + "/" + args[1]);
    }

    /** Generates every twin of {@code patchDir} into {@code outDir} (cleared first); returns the files written. */
    public static List<Path> generate(Path root, Path patchDir, Path outDir) throws IOException {
        return generate(root, patchDir, outDir, "");
    }

    /** As {@link #generate(Path, Path, Path)}, only for originals whose repository path starts with {@code under}. */
    public static List<Path> generate(Path root, Path patchDir, Path outDir, String under) throws IOException {
        deleteTree(outDir);
        List<Path> written = new ArrayList<>();
        for (TwinPatch p : patches(patchDir)) {
            if (!p.original().startsWith(under) || p.keepsName()) continue;   // a twin under its original's name: TwinCompiler
            String original = Files.readString(root.resolve(p.original()));
            Path out = outDir.resolve(p.twinPath());
            Files.createDirectories(out.getParent());
            Files.writeString(out, p.apply(original));
            written.add(out);
        }
        return written;
    }

    /** The patches of a folder (none if it does not exist), in name order. */
    public static List<TwinPatch> patches(Path patchDir) throws IOException {
        if (!Files.isDirectory(patchDir)) return List.of();
        List<TwinPatch> all = new ArrayList<>();
        try (Stream<Path> s = Files.list(patchDir)) {
            for (Path f : s.filter(f -> f.toString().endsWith(".patch")).sorted().toList()) all.add(TwinPatch.read(f));
        }
        return all;
    }

    private static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) return;
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : s.sorted(Comparator.reverseOrder()).toList()) Files.delete(p);
        }
    }
}
