package org.mpiverify.bench;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.mpiverify.harness.nativempi.CProgram;
import org.mpiverify.harness.nativempi.NativeAbi;

/**
 * {@code bench core}'s ping-pong and {@code dup}+{@code free} on a native library, in C ({@value #SOURCE}, beside this
 * class), on two processes of this host under the library's own {@code mpiexec}, with no JVM and no binding in the
 * ranks: what MPICH and Open MPI cost their users over shared memory, measured in the same run as the core. The
 * program is built with the library's {@code mpicc} once per source and compiler, and kept in a cache folder (its
 * name carries a hash of both, so an edited source builds again); building and launching are the harness's
 * {@link CProgram}, as for the audit's C scenarios. Rank 0 prints its figures, parsed by {@link #parse}.
 *
 * <p>Thread safety: an instance is immutable once prepared; runs may not overlap (they would share the cores).
 */
public final class NativeCoreBench {
    /** The C source, a resource beside this class. */
    public static final String SOURCE = "core_bench.c";
    private static final List<String> FLAGS = List.of("-O2", "-Wall", "-Werror");
    private static final Pattern LINE = Pattern.compile("(?m)^(pingpong_ns|dupfree_ns|bad) (\\S+)\\s*$");

    /** One run: the half round trip and the {@code dup}+{@code free} per call (ns, the slower rank's). */
    public record Timing(double pingPongNanos, double dupFreeNanos) { }

    private final String library;
    private final String displayName;
    private final CProgram program;
    private final Path exe;
    private final Path workDir;

    private NativeCoreBench(String library, String displayName, CProgram program, Path exe, Path workDir) {
        this.library = library;
        this.displayName = displayName;
        this.program = program;
        this.exe = exe;
        this.workDir = workDir;
    }

    /** {@code mpich} or {@code openmpi}. */
    public String library() { return library; }

    /** {@code MPICH} or {@code Open MPI}: the prefix of its measurements' names ({@code "MPICH ping-pong"}). */
    public String displayName() { return displayName; }

    /** Empty when {@code library}'s compiler, library and launcher are installed; else what is missing and the package. */
    public static Optional<String> unavailable(String library) {
        return new CProgram(library, null, null).unavailable();
    }

    /**
     * The Debian build of {@code library} ({@code mpich}, {@code openmpi}), its program built into {@code cacheDir}
     * unless a build of the same source and compiler is there already.
     */
    public static NativeCoreBench prepare(String library, Path cacheDir) throws IOException, InterruptedException {
        CProgram program = new CProgram(library, null, null);
        Optional<String> missing = program.unavailable();
        if (missing.isPresent()) throw new IOException(missing.get());
        byte[] source;
        try (InputStream in = NativeCoreBench.class.getResourceAsStream(SOURCE)) {
            if (in == null) throw new IOException(SOURCE + " is missing beside " + NativeCoreBench.class.getName());
            source = in.readAllBytes();
        }
        String key = hash(source, program.mpicc().toString(), String.join(" ", FLAGS));
        Path dir = cacheDir.resolve(library + "-" + key);
        Path exe = dir.resolve("core_bench");
        if (!Files.isExecutable(exe)) {
            Files.createDirectories(dir);
            Path src = dir.resolve(SOURCE);
            Files.write(src, source);
            Path tmp = dir.resolve("core_bench.building");
            program.compile(src, FLAGS, List.of(), tmp);
            Files.move(tmp, exe, java.nio.file.StandardCopyOption.ATOMIC_MOVE, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        }
        return new NativeCoreBench(library, NativeAbi.forLibrary(library).displayName(), program, exe, dir);
    }

    /**
     * Runs {@code pingPongs} round trips and {@code dups} {@code dup}+{@code free} calls (each after a tenth as many
     * warm-up ones) within {@code deadline}; throws with the program's output if it fails, hangs or prints no figures.
     */
    public Timing run(long pingPongs, long dups, Duration deadline) throws IOException, InterruptedException {
        CProgram.Result r = program.launch(exe, 2, List.of(), List.of(Long.toString(pingPongs), Long.toString(dups)),
                Map.of(), workDir, deadline);
        if (r.killed()) {
            throw new IOException(displayName + " core_bench did not finish within " + deadline.toSeconds() + " s:\n" + r.output());
        }
        if (r.exit() != 0) {
            throw new IOException(displayName + " core_bench exited with " + r.exit() + ":\n" + r.output());
        }
        return parse(displayName, r.output());
    }

    /**
     * The figures rank 0 printed in {@code output}: each line once, positive finite numbers, no wrong message; anything
     * else is an {@link IOException} naming {@code what} and showing the output.
     */
    static Timing parse(String what, String output) throws IOException {
        Map<String, String> v = new java.util.HashMap<>();
        Matcher m = LINE.matcher(output);
        while (m.find()) {
            if (v.put(m.group(1), m.group(2)) != null) throw new IOException(what + ": '" + m.group(1) + "' printed twice:\n" + output);
        }
        try {
            if (v.size() != 3) throw new IOException(what + ": expected pingpong_ns, dupfree_ns and bad, got " + v.keySet() + ":\n" + output);
            if (Long.parseLong(v.get("bad")) != 0) throw new IOException(what + ": " + v.get("bad") + " wrong messages:\n" + output);
            double pp = Double.parseDouble(v.get("pingpong_ns"));
            double dup = Double.parseDouble(v.get("dupfree_ns"));
            if (!(pp > 0 && dup > 0 && Double.isFinite(pp) && Double.isFinite(dup))) {
                throw new IOException(what + ": figures must be positive: " + v + ":\n" + output);
            }
            return new Timing(pp, dup);
        } catch (NumberFormatException e) {
            throw new IOException(what + ": not a number in " + v + ":\n" + output, e);
        }
    }

    private static String hash(byte[] source, String... more) {
        try {
            MessageDigest d = MessageDigest.getInstance("SHA-256");
            d.update(source);
            for (String s : more) d.update(("\n" + s).getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(d.digest()).substring(0, 12);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
