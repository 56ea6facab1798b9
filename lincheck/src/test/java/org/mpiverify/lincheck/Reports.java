package org.mpiverify.lincheck;

import org.mpiverify.results.Workspace;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jetbrains.lincheck.LincheckAssertionError;
import org.mpiverify.results.LincheckResultsFile;
import org.mpiverify.results.Provenance;

/**
 * Writes what the reports module reads: {@code <out>/lincheck/<Suite>.json} (one object per suite with
 * its runs: mode, scenarios, invocations, verdict, time) and {@code <out>/lincheck/twins/<Twin>.txt}
 * (the failing interleaving Lincheck printed for a known-bad twin), and
 * {@code <out>/lincheck/findings/<Name>.txt} for non-linearizable behaviour found in impl. {@code <out>} is system property
 * {@code mpiverify.out} if set, else {@code <repo root>/out}, the repo root being the nearest parent
 * directory of the working directory that holds the {@code mpiverify} launcher script. Every JSON file
 * carries a {@code "provenance"} block ({@link Provenance}: date, commit, JDK, Lincheck version) taken
 * once per JVM, so the reports can mark a result older than impl/ or lincheck/ as stale.
 */
public final class Reports {
    private static final Map<String, List<LincheckResultsFile.Run>> RUNS = new LinkedHashMap<>();

    private static Provenance provenance;

    private Reports() {}

    /** The repository root: the nearest parent of the working directory holding the launcher. */
    static Path repoRoot() {
        return Workspace.root();
    }

    /** Taken once: git is asked twice per call, and every run of this JVM is the same checkout. */
    private static synchronized Provenance provenance() {
        if (provenance == null) provenance = Provenance.now(repoRoot(), Map.of("Lincheck", lincheckVersion()));
        return provenance;
    }

    /** Lincheck's version from its jar's file name (.../lincheck/3.7/lincheck-3.7.jar), else "unknown". */
    static String lincheckVersion() {
        try {
            String jar = Paths.get(LincheckAssertionError.class.getProtectionDomain().getCodeSource().getLocation()
                    .toURI()).getFileName().toString();
            return jar.matches("lincheck-.+\\.jar") ? jar.substring("lincheck-".length(), jar.length() - 4) : "unknown";
        } catch (Exception e) {
            return "unknown";
        }
    }

    public static Path outDir() {
        return Workspace.outputDir().resolve("lincheck");
    }

    /** Records a run and rewrites {@code <Suite>.json} (or {@code twins/<Twin>.json}) with every run of it so far. */
    public static synchronized void record(String name, String folder, String checks, LincheckResultsFile.Run run) {
        String prefix = folder == null ? "" : folder + "/";
        List<LincheckResultsFile.Run> runs = RUNS.computeIfAbsent(prefix + name, k -> new ArrayList<>());
        runs.add(run);
        String kind = folder == null ? "suite" : folder.equals("twins") ? "known-bad twin" : "finding";
        Path f = outDir().resolve(prefix + name + ".json");
        try {
            new LincheckResultsFile(name, kind, checks, provenance(), runs).write(f);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static void writeInterleaving(String folder, String name, String text) {
        write(folder + "/" + name + ".txt", text);
    }

    private static void write(String relative, String content) {
        Path f = outDir().resolve(relative);
        try {
            Files.createDirectories(f.getParent());
            Files.writeString(f, content);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

}
