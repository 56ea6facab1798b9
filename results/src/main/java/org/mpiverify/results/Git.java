package org.mpiverify.results;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Runs git in the repository with a deadline; a missing git or a failing command reads as null. What
 * {@link Provenance} records (commit, dirty work tree) and what the reports ask (files changed since a
 * commit) both come through here.
 */
public final class Git {
    private static final long DEADLINE_SECONDS = 20;
    private final Path repo;

    public Git(Path repo) {
        this.repo = repo;
    }

    /** The command's standard output, or null if git is missing, failed, or outlived its deadline. */
    public String run(String... args) {
        List<String> cmd = new ArrayList<>(List.of("git", "-C", repo.toString()));
        cmd.addAll(List.of(args));
        try {
            Process p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.DISCARD).start();
            p.getOutputStream().close();
            // git's output here is a list of paths: reading it to the end before waiting cannot block git
            byte[] out = p.getInputStream().readAllBytes();
            if (!p.waitFor(DEADLINE_SECONDS, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return null;
            }
            return p.exitValue() == 0 ? new String(out, StandardCharsets.UTF_8) : null;
        } catch (IOException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }

    /** Non-empty lines of {@code run(args)}, or null on failure. */
    public List<String> lines(String... args) {
        String out = run(args);
        if (out == null) return null;
        return out.lines().map(String::strip).filter(s -> !s.isEmpty()).toList();
    }
}
