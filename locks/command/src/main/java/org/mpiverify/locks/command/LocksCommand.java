package org.mpiverify.locks.command;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import org.mpiverify.results.Console;
import org.mpiverify.results.LockReportFile;
import org.mpiverify.results.Workspace;

/**
 * {@code ./mpiverify locks [--watch LIST] [--calls LIST] [--name NAME] [--no-pinning] -- JAVA COMMAND}
 * (the CLI parses the command line): runs any Java program under the lock auditor and prints where its
 * report is. The command must start with a {@code java} launcher; {@code -javaagent:locks-agent.jar=...}
 * is put right after it (a bare {@code java} is this JDK's, since the agent needs JDK 25). Lists are
 * separated by {@code :} ({@code --watch org.foo:com.bar}, {@code --calls core:mpj:org.foo.Lib#*}). Exit
 * codes: 0 no findings and the program exited 0; 1 findings, or the program failed; 2 usage error.
 */
public final class LocksCommand {
    /**
     * What to run; a list with {@code ,} or {@code =} or a command that does not start with a {@code java} launcher
     * is an {@link IllegalArgumentException} saying so.
     *
     * @param watch   package or class prefixes to instrument, separated by {@code :} (null: {@code app}, every
     *                application class)
     * @param calls   the MPI calls: {@code core}, {@code mpj}, {@code Class#method}, separated by {@code :} (null:
     *                {@code core:mpj})
     * @param name    the report's name (null: {@code run-DATE-TIME})
     * @param pinning detect virtual-thread pinning (JFR)
     * @param command the Java command
     */
    public record Options(String watch, String calls, String name, boolean pinning, List<String> command) {
        public Options {
            if (watch == null) watch = "app";
            if (calls == null) calls = "core:mpj";
            for (String list : List.of(watch, calls)) {
                if (list.contains(",") || list.contains("=")) {
                    throw new IllegalArgumentException("--watch and --calls take lists separated by ':', not '" + list + "'");
                }
            }
            command = List.copyOf(command);
            if (command.isEmpty()) throw new IllegalArgumentException("a java command is needed, after --");
            String launcher = command.get(0);
            if (!launcher.equals("java") && !launcher.endsWith("/java")) {
                throw new IllegalArgumentException("the command must start with a java launcher, not '" + launcher + "'");
            }
        }
    }

    private LocksCommand() { }

    /**
     * Runs the command under the agent; the report is {@code out/locks/NAME.{json,md}}.
     */
    public static int run(Options o, Console console) {
        PrintStream out = console.out();
        PrintStream err = console.err();
        String name = o.name();
        if (name == null) {
            name = "run-" + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"));
        }
        List<String> cmd = new ArrayList<>(o.command());
        if (cmd.get(0).equals("java")) {
            cmd.set(0, Path.of(System.getProperty("java.home"), "bin", "java").toString());
        }
        Path root = Workspace.root();
        LocksOption locks;
        try {
            locks = LocksOption.of(root);
        } catch (IllegalArgumentException e) {
            err.println("locks: " + e.getMessage());
            return 1;
        }
        cmd.add(1, "-javaagent:" + locks.agentJar() + "=watch=" + o.watch() + ",calls=" + o.calls() + ",out="
                + locks.outDir() + ",name=" + name + ",pinning=" + o.pinning() + ",quiet=true" + locks.provenanceOptions());
        int exit;
        try {
            exit = new ProcessBuilder(cmd).inheritIO().start().waitFor();
        } catch (IOException e) {
            err.println("locks: cannot start " + cmd.get(0) + ": " + e.getMessage());
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
            LockReportFile.Summary summary = LockReportFile.read(json).summary();
            if (summary == null) throw new IllegalArgumentException("no summary");
            findings = summary.findings();
            out.println("locks: " + (findings == 0 ? "no findings" : findings + " finding(s): "
                    + summary.potentialDeadlocks() + " potential deadlock(s), "
                    + summary.heldAcrossBlocking() + " held across a blocking wait, "
                    + summary.leaked() + " leaked, "
                    + summary.pinnedInCalls() + " pinned") + "; program exit status " + exit);
        } catch (IOException | IllegalArgumentException e) {
            err.println("locks: unreadable report " + json + ": " + e);
            return 1;
        }
        out.println("locks: report " + locks.outDir().resolve(name + ".md") + " (and .json)");
        return findings > 0 || exit != 0 ? 1 : 0;
    }
}
