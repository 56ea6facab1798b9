package org.mpiverify.audit.locks;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.mpiverify.results.Json;
import org.mpiverify.results.Workspace;

/**
 * {@code ./mpiverify locks [--watch LIST] [--calls LIST] [--name NAME] [--no-pinning] -- JAVA COMMAND}:
 * runs any Java program under the lock auditor and prints where its report is. The command after
 * {@code --} must start with a {@code java} launcher; {@code -javaagent:locks-agent.jar=...} is put right
 * after it (a bare {@code java} is this JDK's, since the agent needs JDK 25). Lists are separated by
 * {@code :} ({@code --watch org.foo:com.bar}, {@code --calls core:mpj:org.foo.Lib#*}; defaults: every
 * application class, the core's and MPJ Express's MPI calls). Exit codes: 0 no findings and the program
 * exited 0; 1 findings, or the program failed; 2 usage error.
 */
public final class LocksCommand {
    public static final String USAGE = "./mpiverify locks [--watch PREFIX[:PREFIX...]|app] [--calls core|mpj|Class#method[:...]]"
            + " [--name NAME] [--no-pinning] -- java [JVM OPTIONS] MAIN|-jar JAR [ARGS]";

    private LocksCommand() { }

    public static int run(String[] args, PrintStream out, PrintStream err) {
        int sep = Arrays.asList(args).indexOf("--");
        if (sep < 0 || sep == args.length - 1) {
            return usage(err, "locks needs a Java command after --");
        }
        String watch = "app";
        String calls = "core:mpj";
        String name = "run-" + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"));
        boolean pinning = true;
        for (int i = 0; i < sep; i++) {
            switch (args[i]) {
                case "--watch", "--calls", "--name" -> {
                    if (i + 1 >= sep) {
                        return usage(err, args[i] + " needs a value");
                    }
                    String v = args[++i];
                    if (v.contains(",") || v.contains("=")) {
                        return usage(err, args[i - 1] + " takes a list separated by ':', not '" + v + "'");
                    }
                    switch (args[i - 1]) {
                        case "--watch" -> watch = v;
                        case "--calls" -> calls = v;
                        default -> name = v;
                    }
                }
                case "--no-pinning" -> pinning = false;
                default -> {
                    return usage(err, "unknown option '" + args[i] + "'");
                }
            }
        }
        List<String> command = new ArrayList<>(Arrays.asList(args).subList(sep + 1, args.length));
        String launcher = command.get(0);
        if (!launcher.equals("java") && !launcher.endsWith("/java")) {
            return usage(err, "the command after -- must start with a java launcher, not '" + launcher + "'");
        }
        if (launcher.equals("java")) {
            command.set(0, Path.of(System.getProperty("java.home"), "bin", "java").toString());
        }
        Path root = Workspace.root();
        LocksOption locks;
        try {
            locks = LocksOption.of(root);
        } catch (IllegalArgumentException e) {
            err.println("locks: " + e.getMessage());
            return 1;
        }
        command.add(1, "-javaagent:" + locks.agentJar() + "=watch=" + watch + ",calls=" + calls + ",out="
                + locks.outDir() + ",name=" + name + ",pinning=" + pinning + ",quiet=true" + locks.provenanceOptions());
        int exit;
        try {
            exit = new ProcessBuilder(command).inheritIO().start().waitFor();
        } catch (IOException e) {
            err.println("locks: cannot start " + command.get(0) + ": " + e.getMessage());
            return 1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return 1;
        }
        Path json = locks.outDir().resolve(name + ".json");
        if (!Files.exists(json)) {
            err.println("locks: the program exited with status " + exit + " and the agent wrote no report (" + json + ")");
            return 1;
        }
        long findings;
        try {
            Map<String, Object> summary = Json.obj(Json.parseObject(Files.readString(json, StandardCharsets.UTF_8)), "summary");
            findings = Json.integer(summary, "findings", 0);
            out.println("locks: " + (findings == 0 ? "no findings" : findings + " finding(s): "
                    + Json.integer(summary, "potentialDeadlocks", 0) + " potential deadlock(s), "
                    + Json.integer(summary, "heldAcrossBlocking", 0) + " held across a blocking wait, "
                    + Json.integer(summary, "leaked", 0) + " leaked, "
                    + Json.integer(summary, "pinnedInCalls", 0) + " pinned") + "; program exit status " + exit);
        } catch (IOException | IllegalArgumentException e) {
            err.println("locks: unreadable report " + json + ": " + e);
            return 1;
        }
        out.println("locks: report " + locks.outDir().resolve(name + ".md") + " (and .json)");
        return findings > 0 || exit != 0 ? 1 : 0;
    }

    private static int usage(PrintStream err, String problem) {
        err.println("locks: " + problem);
        err.println("usage: " + USAGE);
        return 2;
    }
}
