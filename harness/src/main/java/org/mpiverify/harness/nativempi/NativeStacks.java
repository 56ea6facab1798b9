package org.mpiverify.harness.nativempi;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.mpiverify.harness.launch.BoundedCommand;

/**
 * The native frames of a rank's threads that are inside the MPI library, taken with {@code gdb} (batch
 * mode: attach, {@code thread apply all bt}, detach; under a second for a rank JVM). A Java thread dump
 * stops at the downcall into the library; these frames show where in MPICH, UCX or Open MPI the thread
 * waits, which is what an implementer needs from a HANG. Threads without a library frame (the JVM's
 * own) are left out. Without {@code gdb} on the path, or when attaching is not permitted, the text
 * says so instead.
 */
final class NativeStacks {
    static final Duration BOUND = Duration.ofSeconds(10);   // gdb takes about 0.5 s on a rank JVM here
    private static final int FRAMES = 24;
    /** A frame in an MPI library or its transports (MPICH, UCX, Open MPI's OPAL/ORTE/PMIx, Hydra's PMI). */
    static final Pattern MPI_FRAME = Pattern.compile(
            "libmpi|libmpich|libucp|libucs|libuct|libopen-pal|libopen-rte|libpmix|\\b(P?MPI_|MPIR_|MPID|MPII_|ompi_|opal_|ucp_|uct_|ucs_)");

    private NativeStacks() { }

    /** The MPI threads' native frames of process {@code pid}, headed by a line saying how they were taken. */
    static String of(long pid, Path workDir) {
        Path gdb = onPath("gdb");
        if (gdb == null) return "(no gdb on the PATH: install Debian's gdb for the native frames inside MPI)\n";
        String out = BoundedCommand.run(List.of(gdb.toString(), "-p", Long.toString(pid), "-batch", "-nx", "-q",
                "-ex", "set pagination off", "-ex", "thread apply all bt " + FRAMES), workDir, BOUND);
        String threads = mpiThreads(out);
        if (!threads.isEmpty()) return "--- native frames inside MPI (gdb, pid " + pid + ") ---\n" + threads;
        return "(gdb, pid " + pid + ": " + whyNone(out) + ")\n";
    }

    /** Why gdb's output has no MPI thread: attaching refused (ptrace), gdb itself failed, or truly none. */
    static String whyNone(String gdbOutput) {
        List<String> lines = gdbOutput.lines().map(String::strip).toList();
        return lines.stream().filter(l -> l.startsWith("ptrace:")).findFirst()
                .or(() -> lines.stream().filter(l -> l.startsWith("Could not attach") || l.startsWith("(gdb")).findFirst())
                .orElse("no thread was inside an MPI library");
    }

    /**
     * The blocks of {@code thread apply all bt} output with at least one MPI frame, frames only, each cut
     * after its outermost MPI frame: what lies beyond is the JVM's (the downcall stub, compiled Java),
     * which the Java thread dump shows better.
     */
    static String mpiThreads(String gdbOutput) {
        StringBuilder all = new StringBuilder();
        List<String> block = new ArrayList<>();
        for (String line : (gdbOutput + "\nThread END").lines().toList()) {
            if (line.startsWith("Thread ")) {
                int last = -1;
                for (int i = 1; i < block.size(); i++) if (MPI_FRAME.matcher(block.get(i)).find()) last = i;
                if (last > 0) {
                    block.subList(0, last + 1).forEach(l -> all.append(l).append('\n'));
                    if (last + 1 < block.size()) all.append("  ... ").append(block.size() - 1 - last).append(" frames of the JVM\n");
                }
                block.clear();
                block.add(line);
            } else if (!block.isEmpty() && line.startsWith("#")) {
                block.add("  " + line);
            }
        }
        return all.toString();
    }

    private static Path onPath(String tool) {
        String path = System.getenv("PATH");
        if (path == null) return null;
        for (String dir : path.split(java.io.File.pathSeparator)) {
            Path p = Path.of(dir, tool);
            if (Files.isExecutable(p)) return p;
        }
        return null;
    }
}
