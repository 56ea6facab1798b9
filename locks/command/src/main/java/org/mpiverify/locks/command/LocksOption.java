package org.mpiverify.locks.command;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.mpiverify.results.Provenance;
import org.mpiverify.results.Workspace;

/**
 * Where the lock auditor's agent is ({@code locks/target/locks-agent.jar}) and where its reports go, and the
 * command-line options that put it in a JVM: for {@code audit --locks}, in every JVM a target starts, writing its
 * reports under {@code <out>/locks/audit-<target>/}; for {@code ./mpiverify locks}, in any Java program.
 *
 * @param agentJar the agent jar
 * @param outDir   the report folder ({@code <out>/locks})
 * @param commit   the commit the reports' provenance names
 * @param dirty    whether the work tree had uncommitted changes
 */
public record LocksOption(Path agentJar, Path outDir, String commit, boolean dirty) {
    /** The agent's watch list for MPJ Express: its packages (the binding and scenarios are left out). */
    public static final String MPJ_WATCH = "mpi:mpjdev:mpjbuf:xdev:runtime";
    /** The agent's watch list for the core. */
    public static final String CORE_WATCH = "org.mpiverify.mpi:org.mpiverify.core";

    /**
     * The agent of the repository at {@code root} ({@code locks/target/locks-agent.jar}, or the jar the
     * system property {@code mpiverify.locks.agentJar} names); a missing jar is an IllegalArgumentException
     * saying how to build it.
     */
    public static LocksOption of(Path root) {
        Provenance p = Provenance.now(root, Map.of());
        Path jar = Workspace.property("mpiverify.locks.agentJar").map(Path::of)
                .orElse(root.resolve("locks").resolve("target").resolve("locks-agent.jar"));
        if (!Files.isRegularFile(jar)) {
            throw new IllegalArgumentException("--locks needs the agent jar " + jar
                    + ", which is missing: build it with ./mpiverify build (or mvn -q package -DskipTests -pl locks -am)");
        }
        return new LocksOption(jar, Workspace.outputDir(root).resolve("locks"), p.commit(), p.dirty());
    }

    /** The folder of one target's reports. */
    public Path targetDir(String targetId) {
        return outDir.resolve("audit-" + targetId);
    }

    /**
     * The {@code -javaagent} argument for a JVM whose report is {@code name} (relative to {@link #outDir}),
     * rewritten every second while it runs so that a JVM killed at a deadline leaves its state.
     */
    public String javaAgentArgument(String watch, String calls, String name) {
        return "-javaagent:" + agentJar + "=watch=" + watch + ",calls=" + calls + ",out=" + outDir + ",name=" + name
                + ",snapshot=1,quiet=true" + provenanceOptions();
    }

    /**
     * The command line of a child JVM that runs {@code mainClass} with {@code args} under the agent: this JDK's
     * {@code java}, {@code -XX:+UseParallelGC}, the opening of {@code java.lang} that the core's bit-vector scheduler needs,
     * {@link #javaAgentArgument}, this JVM's workspace properties
     * ({@link Workspace#ROOT_PROPERTY}, {@link Workspace#OUT_PROPERTY}) and class path.
     */
    public List<String> childJvm(String watch, String calls, String name, String mainClass, List<String> args) {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:+UseParallelGC", "--add-opens", "java.base/java.lang=ALL-UNNAMED", // the core's bit-vector scheduler
                javaAgentArgument(watch, calls, name)));
        for (String p : List.of(Workspace.ROOT_PROPERTY, Workspace.OUT_PROPERTY)) {
            Workspace.property(p).ifPresent(v -> cmd.add("-D" + p + "=" + v));
        }
        cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), mainClass));
        cmd.addAll(args);
        return cmd;
    }

    /** The agent options that give its reports this commit. */
    public String provenanceOptions() {
        return ",commit=" + commit + ",dirty=" + dirty;
    }

    /** {@code unsafe LOCK_AROUND_CALL/QUEUES} as a file name: {@code unsafe-LOCK_AROUND_CALL-QUEUES}. */
    public static String slug(String name) {
        return name.replaceAll("[^A-Za-z0-9_.]+", "-").replaceAll("^-|-$", "");
    }
}
