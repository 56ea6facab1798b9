package org.mpiverify.audit.buildlib;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code ./mpiverify audit build-lib mpich|openmpi [--tsan]}: a build with symbols (and ThreadSanitizer if asked) of
 * the very version of the library Debian installed, for the race audit to name functions and variables inside it.
 *
 * <ol>
 * <li>The version is the installed binary package's source version ({@code dpkg-query}: {@code mpich 4.0.2-3}).
 * <li>The configure options are the distribution's own, read from the installed library, which records them ({@code
 * mpichversion}'s "MPICH configure:", {@code ompi_info}'s "Configure command line"): every {@code --option} but the
 * installation paths (replaced by one {@code --prefix} in the cache) and, for Open MPI, its Java bindings (they need
 * a JDK named by a Debian path, and the audit does not use them); {@code CFLAGS=-g -O2}, plus {@code
 * -fsanitize=thread} in {@code CFLAGS}, {@code CXXFLAGS} and {@code LDFLAGS} for {@code --tsan}. {@code make install}
 * does not strip, so the installed library keeps its symbols.
 * <li>{@code apt-get source NAME=VERSION} into the cache, outside the repository: {@code $MPIVERIFY_CACHE} or {@code
 * ~/.cache/mpiverify}, under {@code libs/NAME-VERSION[-tsan]}. It needs a {@code deb-src} line in the apt sources and
 * the package's build dependencies ({@code apt-get build-dep NAME}); a missing one is a message saying what to run,
 * never a silent change to the system.
 * <li>configure, {@code make -j<cores>}, {@code make install}, each step's output in a log file of the build folder;
 * then the line to pass to the audit: {@code --lib <prefix>/lib/<soname> --mpiexec <prefix>/bin/mpiexec}. A build
 * already installed is not rebuilt.
 * </ol>
 * Thread safety: an instance is immutable; one build runs at a time per cache folder (nothing locks it).
 */
public final class BuildLib {
    /** Installation-path options the build replaces with its own prefix. */
    private static final Set<String> PATHS = Set.of("--prefix", "--includedir", "--mandir", "--infodir", "--sysconfdir",
            "--localstatedir", "--libdir", "--runstatedir", "--docdir", "--datarootdir");
    /** Options of Open MPI's Java bindings: a JDK path of Debian's, bindings the audit does not use. */
    private static final Set<String> JAVA = Set.of("--enable-mpi-java", "--with-jdk-dir");
    private static final Pattern OPTION = Pattern.compile("'?(--[A-Za-z0-9][A-Za-z0-9_-]*(?:=[^' ]*)?)'?");

    /**
     * What a build is: the library ({@code mpich}, {@code openmpi}), the Debian source package and version, whether with
     * TSan, the configure options, and the folders.
     */
    public record Plan(String library, String sourcePackage, String version, boolean tsan, List<String> configure,
                       Path dir, Path prefix, String soname) {
        /** The audit's options for this build. */
        public String auditOptions() {
            return "--lib " + prefix.resolve("lib").resolve(soname) + " --mpiexec " + prefix.resolve("bin").resolve("mpiexec");
        }
    }

    private BuildLib() { }

    /** The cache root: {@code $MPIVERIFY_CACHE}, else {@code ~/.cache/mpiverify}. */
    public static Path cacheRoot(Map<String, String> env) {
        String c = env.get("MPIVERIFY_CACHE");
        return c != null && !c.isBlank() ? Path.of(c) : Path.of(System.getProperty("user.home"), ".cache", "mpiverify");
    }

    /** The plan for the installed {@code library}: its version and its recorded configure options (runs two tools). */
    public static Plan plan(String library, boolean tsan, Path cacheRoot) throws IOException, InterruptedException {
        return switch (library) {
            case "mpich" -> plan(library, "libmpich12", recorded(List.of("mpichversion"), "MPICH configure:"), tsan, cacheRoot,
                    "libmpich.so.12");
            case "openmpi" -> plan(library, "libopenmpi3", recorded(List.of("ompi_info"), "Configure command line:"), tsan,
                    cacheRoot, "libmpi.so.40");
            default -> throw new IllegalArgumentException("build-lib builds mpich or openmpi, not " + library);
        };
    }

    private static Plan plan(String library, String binaryPackage, String recordedOptions, boolean tsan, Path cacheRoot,
                             String soname) throws IOException, InterruptedException {
        String[] source = output(List.of("dpkg-query", "-W", "-f=${source:Package} ${source:Version}", binaryPackage))
                .strip().split(" ");
        if (source.length != 2) throw new IllegalArgumentException(binaryPackage + " is not installed: apt-get install it first");
        Path dir = cacheRoot.resolve("libs").resolve(source[0] + "-" + source[1] + (tsan ? "-tsan" : ""));
        Path prefix = dir.resolve("install");
        return new Plan(library, source[0], source[1], tsan, configure(recordedOptions, prefix, tsan), dir, prefix, soname);
    }

    /**
     * The configure arguments: the recorded {@code --options} but paths and Java bindings, then the prefix and the
     * flags. Package-private for the test.
     */
    static List<String> configure(String recorded, Path prefix, boolean tsan) {
        List<String> l = new ArrayList<>();
        Matcher m = OPTION.matcher(recorded);
        while (m.find()) {
            String opt = m.group(1);
            String name = opt.contains("=") ? opt.substring(0, opt.indexOf('=')) : opt;
            if (PATHS.contains(name) || JAVA.contains(name) || l.contains(opt)) continue;
            l.add(opt);
        }
        l.add("--prefix=" + prefix);
        String cflags = "-g -O2" + (tsan ? " -fsanitize=thread" : "");
        l.add("CFLAGS=" + cflags);
        l.add("CXXFLAGS=" + cflags);
        if (tsan) l.add("LDFLAGS=-fsanitize=thread");
        return l;
    }

    /** Builds {@code plan} unless it is installed; prints progress and, at the end, the audit's options. 0 built or cached, 1 failed, 2 not possible here. */
    public static int build(Plan plan, PrintStream out) throws IOException, InterruptedException {
        Path lib = plan.prefix().resolve("lib").resolve(plan.soname());
        if (Files.isRegularFile(lib)) {
            out.println("build-lib: " + plan.sourcePackage() + " " + plan.version() + (plan.tsan() ? " with TSan" : "")
                    + " is built in " + plan.dir());
            out.println(plan.auditOptions());
            return 0;
        }
        Files.createDirectories(plan.dir());
        Optional<Path> src = sourceTree(plan);
        if (src.isEmpty()) {
            long t = System.nanoTime();
            int rc = step(plan, "apt-get-source", List.of("apt-get", "source", "-q", plan.sourcePackage() + "=" + plan.version()),
                    plan.dir(), Duration.ofMinutes(20), out);
            if (rc != 0) {
                out.println("build-lib: apt-get source failed (log " + plan.dir().resolve("apt-get-source.log") + "). It needs a "
                        + "deb-src line: add \"Types: deb deb-src\" to /etc/apt/sources.list.d/debian.sources (or a deb-src "
                        + "line for bookworm), run apt-get update, and the build dependencies: apt-get build-dep "
                        + plan.sourcePackage());
                return 2;
            }
            out.println("build-lib: source fetched in " + seconds(t) + " s");
            src = sourceTree(plan);
            if (src.isEmpty()) throw new IOException("apt-get source left no " + plan.sourcePackage() + "-* folder in " + plan.dir());
        }
        Path tree = src.get();
        int cores = Runtime.getRuntime().availableProcessors();
        List<String> configure = new ArrayList<>(List.of("./configure"));
        configure.addAll(plan.configure());
        for (var s : List.of(Map.entry("configure", configure), Map.entry("make", List.of("make", "-j" + cores)),
                Map.entry("make-install", List.of("make", "install")))) {
            long t = System.nanoTime();
            int rc = step(plan, s.getKey(), s.getValue(), tree, Duration.ofHours(3), out);
            out.println("build-lib: " + s.getKey() + " " + (rc == 0 ? "done" : "FAILED (exit " + rc + ")") + " in " + seconds(t)
                    + " s; log " + plan.dir().resolve(s.getKey() + ".log"));
            if (rc != 0) return 1;
        }
        out.println(plan.auditOptions());
        return 0;
    }

    private static Optional<Path> sourceTree(Plan plan) throws IOException {
        String upstream = plan.version().replaceFirst("-[^-]*$", "").replaceFirst("^\\d+:", "");
        Path p = plan.dir().resolve(plan.sourcePackage() + "-" + upstream);
        return Files.isDirectory(p) ? Optional.of(p) : Optional.empty();
    }

    private static int step(Plan plan, String name, List<String> cmd, Path dir, Duration bound, PrintStream out)
            throws IOException, InterruptedException {
        out.println("build-lib: " + name + ": " + String.join(" ", cmd));
        Process p = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true)
                .redirectOutput(plan.dir().resolve(name + ".log").toFile()).start();
        if (!p.waitFor(bound.toMinutes(), TimeUnit.MINUTES)) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
            return -1;
        }
        return p.exitValue();
    }

    private static String recorded(List<String> tool, String label) throws IOException, InterruptedException {
        return output(tool).lines().filter(l -> l.strip().startsWith(label)).findFirst()
                .map(l -> l.substring(l.indexOf(label) + label.length()).strip())
                .orElseThrow(() -> new IllegalArgumentException(String.join(" ", tool) + " does not say how the library was configured"));
    }

    private static String output(List<String> cmd) throws IOException, InterruptedException {
        Path file = Files.createTempFile("build-lib", ".txt");
        try {
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(file.toFile()).start();
            if (!p.waitFor(60, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new IOException(String.join(" ", cmd) + " did not end within 60 s");
            }
            return Files.readString(file, StandardCharsets.UTF_8);
        } finally {
            Files.deleteIfExists(file);
        }
    }

    private static long seconds(long startNanos) {
        return (System.nanoTime() - startNanos) / 1_000_000_000;
    }
}
