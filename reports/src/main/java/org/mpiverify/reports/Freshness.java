package org.mpiverify.reports;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.mpiverify.results.Git;
import org.mpiverify.results.Provenance;

/**
 * Decides whether a result still describes the code: is the code its producer depends on (the
 * {@link CheckKind#inputs() input folders}) the same now as when the result was produced?
 *
 * <ul>
 *   <li>No provenance, or no commit in it: UNKNOWN ("provenance unknown").</li>
 *   <li>A commit this repository does not have: STALE (nothing to compare with).</li>
 *   <li>Files under the inputs that differ between the recorded commit and the work tree (committed
 *       since, or uncommitted now; untracked new files count too): STALE, naming them. Except on a
 *       run recorded as dirty: its uncommitted edits were part of what it tested, so a differing file
 *       last modified before the run's date is taken as one of those edits; only files modified
 *       after the run make it stale.</li>
 *   <li>Otherwise CURRENT.</li>
 * </ul>
 * Answers are cached per (commit, dirty, date, inputs): a dashboard asks once per result.
 */
public final class Freshness {
    public enum State { CURRENT, STALE, UNKNOWN }

    /** A freshness verdict with the reason shown to the user. */
    public record Status(State state, String reason) {
        public boolean isStale() {
            return state == State.STALE;
        }

        public String label() {
            return switch (state) {
                case CURRENT -> "current";
                case STALE -> "STALE";
                case UNKNOWN -> "provenance unknown";
            };
        }
    }

    private final Path repoRoot;
    private final Git git;
    private final Map<String, Status> cache = new HashMap<>();

    public Freshness(Path repoRoot) {
        this.repoRoot = repoRoot;
        this.git = new Git(repoRoot);
    }

    public Status of(Provenance p, List<String> inputs) {
        if (p == null) return new Status(State.UNKNOWN, "the result file has no provenance block");
        if (p.commit() == null || !p.commit().matches("[0-9a-f]{7,40}")) {
            return new Status(State.UNKNOWN, "produced outside a git checkout (commit '" + p.commit() + "')");
        }
        return cache.computeIfAbsent(p.commit() + '|' + p.dirty() + '|' + p.date() + '|' + inputs,
                k -> compute(p, inputs));
    }

    private Status compute(Provenance p, List<String> inputs) {
        String shortId = p.commit().substring(0, Math.min(10, p.commit().length()));
        if (git.run("rev-parse", "--git-dir") == null) {
            return new Status(State.UNKNOWN, "cannot compare with the code: " + repoRoot
                    + " is not a git checkout, or git is missing (Debian package: git)");
        }
        if (git.run("cat-file", "-e", p.commit() + "^{commit}") == null) {
            return new Status(State.STALE, "produced at commit " + shortId + ", which this repository does not have");
        }
        List<String> args = new ArrayList<>(List.of("diff", "--name-only", p.commit(), "--"));
        args.addAll(inputs);
        List<String> changed = git.lines(args.toArray(String[]::new));
        List<String> untrackedArgs = new ArrayList<>(List.of("ls-files", "--others", "--exclude-standard", "--"));
        untrackedArgs.addAll(inputs);
        List<String> untracked = git.lines(untrackedArgs.toArray(String[]::new));
        if (changed == null || untracked == null) {
            return new Status(State.UNKNOWN, "git could not compare commit " + shortId + " with the work tree");
        }
        List<String> differing = new ArrayList<>(changed);
        differing.addAll(untracked);
        if (p.dirty()) differing.removeIf(f -> modifiedBefore(f, p.date()));
        String where = String.join("/, ", inputs) + "/";
        if (differing.isEmpty()) {
            return new Status(State.CURRENT, where + " unchanged since commit " + shortId
                    + (p.dirty() ? " (the run had uncommitted changes; none modified since)" : ""));
        }
        return new Status(State.STALE, differing.size() + " file(s) under " + where + " changed since commit "
                + shortId + (p.dirty() ? " and this run" : "") + ", e.g. " + String.join(", ",
                differing.subList(0, Math.min(3, differing.size()))));
    }

    /** Was repo file {@code f} last modified before {@code date}? A deleted file counts as after. */
    private boolean modifiedBefore(String f, String date) {
        try {
            Instant run = Instant.parse(date);
            Path file = repoRoot.resolve(f);
            return Files.exists(file) && Files.getLastModifiedTime(file).toInstant().isBefore(run);
        } catch (IOException | DateTimeParseException | NullPointerException e) {
            return false;
        }
    }
}
