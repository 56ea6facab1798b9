package org.mpiverify.harness.nativempi;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * A C program built with a library's {@code mpicc} and run under its own {@code mpiexec}, with no JVM in the rank:
 * the ranks are the program, optionally each under a race detector ({@code prefix}, e.g. {@code valgrind
 * --tool=helgrind ...}). The audit's C scenarios and the native side of {@code bench core} both run this way. A run has a deadline past which the whole process tree is killed, leaves first (a rank whose
 * launcher died is re-parented and no longer found below it).
 *
 * <p>{@code library} is the Debian build ({@code /usr/bin/mpicc.mpich}, {@code mpiexec.mpich}) unless {@code lib} names
 * another build of the same ABI: the program, linked against the library's soname, then loads that file through
 * {@code LD_LIBRARY_PATH} (its folder), and {@code mpiexec} defaults to {@code bin/mpiexec} beside that folder, as for
 * the Java targets' {@code --lib}. Thread safety: an instance is immutable; runs may go on in parallel.
 */
public final class CProgram {
    private static final Duration COMPILE = Duration.ofSeconds(90);

    private final NativeAbi abi;
    private final Path mpicc;
    private final Path mpiexec;
    private final Path lib;

    /** The Debian build of {@code library} ({@code mpich} or {@code openmpi}), or {@code lib}/{@code mpiexec} if given. */
    public CProgram(String library, Path lib, Path mpiexec) {
        this.abi = NativeAbi.forLibrary(library);
        this.mpicc = Path.of("/usr/bin/mpicc." + library);
        this.lib = lib;
        this.mpiexec = mpiexec != null ? mpiexec
                : lib != null ? lib.toAbsolutePath().getParent().resolveSibling("bin").resolve("mpiexec") : abi.mpiexec();
    }

    /** {@code mpich} or {@code openmpi}. */
    public String library() { return abi.id(); }

    /** The library file given ({@code --lib}), or null for the Debian build. */
    public Path lib() { return lib; }

    /** Empty when the compiler, library and launcher are there; else what is missing and the package to install. */
    public Optional<String> unavailable() {
        if (lib == null) {
            Optional<String> a = abi.unavailable();
            if (a.isPresent()) return a;
        } else if (!Files.isRegularFile(lib)) {
            return Optional.of(lib + " does not exist");
        }
        if (!Files.isExecutable(mpicc)) return Optional.of(mpicc + " is missing; install it with: apt-get install " + abi.debianPackages());
        if (!Files.isExecutable(mpiexec)) return Optional.of(mpiexec + " is missing");
        return Optional.empty();
    }

    /** Exit status (-1 if killed), whether the deadline killed it, its output (stdout and stderr), its time. */
    public record Result(int exit, boolean killed, String output, long millis) { }

    /**
     * Compiles {@code source} into {@code exe} with {@code flags} (e.g. {@code -g -O1 -Wall -Werror}), the headers of
     * {@code source}'s folder and {@code -D} each of {@code defines}, linked with {@code -lpthread}.
     */
    public Path compile(Path source, List<String> flags, List<String> defines, Path exe) throws IOException, InterruptedException {
        Path outDir = exe.toAbsolutePath().getParent();
        Files.createDirectories(outDir);
        List<String> cmd = new ArrayList<>(List.of(mpicc.toString()));
        cmd.addAll(flags);
        cmd.addAll(List.of("-I", source.toAbsolutePath().getParent().toString()));
        defines.forEach(d -> cmd.add("-D" + d));
        cmd.addAll(List.of("-o", exe.toString(), source.toString(), "-lpthread"));
        Result r = run(cmd, Map.of(), outDir, COMPILE);
        if (r.exit() != 0) throw new IOException("compiling " + source.getFileName() + " failed:\n" + String.join(" ", cmd) + "\n" + r.output());
        return exe;
    }

    /** The compiler this program is built with ({@code /usr/bin/mpicc.mpich}, {@code /usr/bin/mpicc.openmpi}). */
    public Path mpicc() { return mpicc; }

    /**
     * Runs {@code exe} on {@code ranks} processes in {@code workDir} within {@code deadline}, each rank as {@code prefix}
     * followed by the program and {@code args}, with {@code env} added to the library's rank environment.
     */
    public Result launch(Path exe, int ranks, List<String> prefix, List<String> args, Map<String, String> env, Path workDir,
                         Duration deadline) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of(mpiexec.toString()));
        cmd.addAll(abi.mpiexecOptions());
        cmd.addAll(List.of("-n", Integer.toString(ranks)));
        cmd.addAll(prefix);
        cmd.add(exe.toString());
        cmd.addAll(args);
        Map<String, String> all = new java.util.HashMap<>(abi.rankEnvironment());
        if (lib != null) all.put("LD_LIBRARY_PATH", lib.toAbsolutePath().getParent().toString());
        all.putAll(env);
        return run(cmd, all, workDir, deadline);
    }

    /** Runs {@code cmd} with its output in a file (a stuck child cannot block on a full pipe), killed at {@code deadline}. */
    static Result run(List<String> cmd, Map<String, String> env, Path dir, Duration deadline)
            throws IOException, InterruptedException {
        Path out = Files.createTempFile(dir, "output", ".txt");
        try {
            ProcessBuilder pb = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true)
                    .redirectOutput(out.toFile());
            pb.environment().putAll(env);
            long start = System.nanoTime();
            Process p = pb.start();
            boolean done = p.waitFor(deadline.toMillis(), TimeUnit.MILLISECONDS);
            if (!done) killTree(p);
            long millis = (System.nanoTime() - start) / 1_000_000;
            return new Result(done ? p.exitValue() : -1, !done, Files.readString(out, StandardCharsets.UTF_8), millis);
        } finally {
            Files.deleteIfExists(out);
        }
    }

    private static void killTree(Process p) throws InterruptedException {
        List<ProcessHandle> tree = new ArrayList<>(p.descendants().toList());
        Collections.reverse(tree);
        tree.add(p.toHandle());
        for (ProcessHandle h : tree) h.destroyForcibly();
        for (ProcessHandle h : tree) {
            try {
                h.onExit().get(10, TimeUnit.SECONDS);
            } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
                // a process that outlives SIGKILL by 10 s is the kernel's problem; the run is over either way
            }
        }
    }
}
