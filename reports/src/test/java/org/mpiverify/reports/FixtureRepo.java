package org.mpiverify.reports;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A throw-away git repository shaped like mpiverify (the real README, traceability table and audit scenarios' algorithms, one file in
 * each module folder) with an {@code out/} folder holding the test fixtures: {@code fixtures/real} (files the producers
 * wrote in a real run, copied) and {@code fixtures/synthetic} (audit and figure files following the
 * audit's and benchmarks' formats). Their provenance is rewritten to this repository's HEAD, as if
 * produced here and now, so freshness depends only on what a test changes afterwards.
 */
final class FixtureRepo {
    static final Path MODULE = Path.of(System.getProperty("basedir", ".")).toAbsolutePath().normalize();
    static final Path FIXTURES = MODULE.resolve("src/test/resources/fixtures");

    final Path root;
    final Path out;

    FixtureRepo(Path dir, String... fixtureSets) {
        this.root = dir;
        this.out = dir.resolve("out");
        try {
            Files.createDirectories(root);
            Files.copy(MODULE.resolveSibling("README.md"), root.resolve("README.md"));
            Files.createDirectories(root.resolve(Traceability.FILE).getParent());
            Files.copy(MODULE.resolveSibling(Traceability.FILE.toString()), root.resolve(Traceability.FILE));
            Files.createDirectories(root.resolve(Traceability.AUDIT_FILE).getParent());
            Files.copy(MODULE.resolveSibling(Traceability.AUDIT_FILE.toString()), root.resolve(Traceability.AUDIT_FILE));
            Files.writeString(root.resolve("mpiverify"), "#!/bin/sh\n");
            for (String m : List.of("impl", "specs", "lincheck", "jcstress", "audit", "bench")) {
                Files.createDirectories(root.resolve(m));
                Files.writeString(root.resolve(m).resolve("Code.java"), "class Code {}\n");
            }
            Files.writeString(root.resolve(".gitignore"), "/out/\n");
            git("init", "-q");
            commit("initial");
            String head = git("rev-parse", "HEAD").strip();
            for (String set : fixtureSets) copyRewritten(FIXTURES.resolve(set), out, head);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Changes a file under {@code module} and commits it: results depending on it become stale. */
    void changeAndCommit(String module) throws IOException {
        Files.writeString(root.resolve(module).resolve("Code.java"), "class Code { int changed; }\n");
        commit("change " + module);
    }

    void commit(String message) {
        git("add", "-A");
        git("-c", "user.name=test", "-c", "user.email=test@example.org", "commit", "-q", "-m", message);
    }

    String git(String... args) {
        List<String> cmd = new ArrayList<>(List.of("git", "-C", root.toString()));
        cmd.addAll(List.of(args));
        try {
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
            String text = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(30, TimeUnit.SECONDS) || p.exitValue() != 0) {
                throw new IllegalStateException("git " + String.join(" ", args) + " failed: " + text);
            }
            return text;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static void copyRewritten(Path from, Path to, String commit) throws IOException {
        try (Stream<Path> s = Files.walk(from)) {
            for (Path f : (Iterable<Path>) s::iterator) {
                Path t = to.resolve(from.relativize(f).toString());
                if (Files.isDirectory(f)) {
                    Files.createDirectories(t);
                } else if (f.toString().endsWith(".json")) {
                    Files.writeString(t, Files.readString(f)
                            .replaceAll("\"commit\"\\s*:\\s*\"[0-9a-f]{40}\"", "\"commit\":\"" + commit + "\"")
                            .replaceAll("\"dirty\"\\s*:\\s*true", "\"dirty\":false"));
                } else {
                    Files.copy(f, t, StandardCopyOption.REPLACE_EXISTING);
                }
            }
        }
    }
}
