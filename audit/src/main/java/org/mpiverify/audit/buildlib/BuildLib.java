package org.mpiverify.audit.buildlib;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

/**
 * {@code ./mpiverify audit build-lib mpich|openmpi [--tsan]}: a build with symbols (and ThreadSanitizer if asked) of
 * the very version of the library Debian installed, for the race audit to name functions, source lines and variables
 * inside it.
 *
 * <ol>
 * <li>The version is the installed binary package's source version ({@code dpkg-query}: {@code mpich 4.0.2-3}).
 * <li>The cache, outside the repository ({@code $MPIVERIFY_CACHE} or {@code ~/.cache/mpiverify}): {@code src/} the
 * downloaded source package, {@code build/NAME-VERSION-debug[-tsan]/} its unpacked tree (where it is built) and one log
 * per step beside it, {@code libs/NAME-VERSION-debug[-tsan]/} the installation, with {@code mpiverify-build.properties}
 * written last. A build whose properties file is there is not built again: the call prints the options and returns.
 * <li>{@code apt-get source --download-only NAME=VERSION}, then {@code dpkg-source -x} (Debian's patches applied),
 * after checking that a {@code deb-src} line offers that version; {@code dpkg-checkbuilddeps} then says which build
 * dependencies are missing. A missing one is a message saying what to run, never a change to the system.
 * <li>The configure options and environment are the distribution's, read from the tree's {@code debian/rules}
 * ({@link DebianRules}) with {@code dpkg-architecture}'s variables set, as {@code dpkg-buildpackage} would: debhelper's
 * own options, the rules' arguments to {@code dh_auto_configure}, {@code dpkg-buildflags}' flags (which include
 * {@code -g}) overridden by what the rules export; installation paths become one {@code --prefix}; the build profile
 * {@code nojava} (Open MPI's Java bindings need a JDK the audit does not use). The optimisation is {@code -O1} in place of
 * the distribution's {@code -O2}/{@code -O3} (its other flags kept; for MPICH {@code --enable-fast=O1}, since MPICH
 * appends its own level): fewer calls inlined, so a race's stack names the function that made the access, as
 * ThreadSanitizer's manual advises for its builds, and a compile about a third shorter on two cores. They are checked against the options the
 * installed library records ({@code mpichversion}, {@code ompi_info}); a difference is printed. {@code --tsan} adds
 * {@code -fsanitize=thread} to the C and C++ flags and {@code LDFLAGS}.
 * <li>configure (skipped when {@code config.status} records the same arguments: an interrupted build resumes); then
 * the library's generated code at {@code -O0} ({@link Library#generatedCode()}: MPICH's embedded yaksa, whose 436
 * generated pack/unpack files made most of a 57-minute build; {@code -g} and {@code -fsanitize=thread} kept, so the
 * detector sees what it saw, only the optimiser's time is saved); {@code make -j<cores>}, {@code make install} (which
 * does not strip), each with its time; then the line to pass to the audit: {@code --lib <prefix>/lib/<soname>
 * --mpiexec <prefix>/bin/mpiexec}.
 * </ol>
 * Exit codes of {@link #build}: 0 built or already built, 1 a step failed (its log named), 2 not possible here (what
 * is missing named).
 *
 * <p>Thread safety: the methods are stateless; two builds of one plan at once would share a tree (nothing locks it).
 *
 * <p>Implementation notes: every tool runs as a child process with a bound and its output in a file, through {@link
 * Tools}, so the planning and the idempotence can be tested without running any of them. Debian's {@code
 * autogen.sh}/{@code autoreconf} step is not repeated: the upstream tarball's {@code configure} is used, which the
 * packages' patches (MPICH 4.0.2-3: one m4 file for that regeneration) do not change.
 */
public final class BuildLib {
    /** The file written into the installation last: what was built, and how long each step took. */
    static final String MARKER = "mpiverify-build.properties";
    private static final Pattern C_FLAGS = Pattern.compile("(?:[A-Z0-9]+_)?C(?:XX)?FLAGS");
    private static final Pattern OPTIMISATION = Pattern.compile("-O[0-9sgz]?");

    /**
     * A library build-lib knows: its Debian binary package, soname, the tool that prints its recorded configure line,
     * the build profiles to use, and the recorded options those profiles leave out.
     */
    public record Library(String id, String binaryPackage, String soname, List<String> recordedTool, String recordedLabel,
                          String profiles, Set<String> leftOutByProfiles, List<String> optimiseO1, List<String> generatedCode) {
        /**
         * MPICH appends its own {@code -O2} ({@code --enable-fast}'s default) after the flags: {@code O1} replaces it.
         * Its embedded yaksa is mostly generated pack/unpack code (436 of its 595 C files, 105 MB), compiled at {@code -O0}.
         */
        public static final Library MPICH = new Library("mpich", "libmpich12", "libmpich.so.12", List.of("mpichversion"),
                "MPICH configure:", "nojava", Set.of(), List.of("--enable-fast=O1"), List.of("modules/yaksa"));
        public static final Library OPENMPI = new Library("openmpi", "libopenmpi3", "libmpi.so.40", List.of("ompi_info"),
                "Configure command line:", "nojava", Set.of("--enable-mpi-java", "--with-jdk-dir"), List.of(), List.of());

        /** {@code mpich} or {@code openmpi}. */
        public static Library byId(String id) {
            return switch (id) {
                case "mpich" -> MPICH;
                case "openmpi" -> OPENMPI;
                default -> throw new IllegalArgumentException("build-lib builds mpich or openmpi, not " + id);
            };
        }
    }

    /** One build: the library, its installed source package and version, TSan or not, and where everything goes. */
    public record Plan(Library library, String sourcePackage, String version, boolean tsan, Path cacheRoot) {
        /** {@code mpich-4.0.2-3-debug} or {@code ...-debug-tsan}. */
        public String name() {
            return sourcePackage + "-" + version.replaceFirst("^\\d+:", "") + "-debug" + (tsan ? "-tsan" : "");
        }
        public Path downloads() { return cacheRoot.resolve("src"); }
        public Path tree() { return cacheRoot.resolve("build").resolve(name()); }
        public Path prefix() { return cacheRoot.resolve("libs").resolve(name()); }
        public Path log(String step) { return cacheRoot.resolve("build").resolve(name() + "." + step + ".log"); }
        public Path libraryFile() { return prefix().resolve("lib").resolve(library.soname()); }
        public Path mpiexec() { return prefix().resolve("bin").resolve("mpiexec"); }
        /** The source package's {@code .dsc}, named without the epoch as Debian names it. */
        public String dsc() { return sourcePackage + "_" + version.replaceFirst("^\\d+:", "") + ".dsc"; }
        /** The audit's options for this build. */
        public String auditOptions() { return "--lib " + libraryFile() + " --mpiexec " + mpiexec(); }
    }

    /** The configure arguments and the environment of every build step. */
    public record Configuration(List<String> arguments, Map<String, String> environment) { }

    /** Runs the tools build-lib needs; {@link #SYSTEM} runs real processes. */
    public interface Tools {
        /** Runs {@code cmd} in {@code dir} with exactly {@code env}, its output into {@code log}; the exit code, -1 past {@code bound}. */
        int run(List<String> cmd, Path dir, Map<String, String> env, Path log, Duration bound) throws IOException, InterruptedException;

        /** Runs {@code cmd} (bound: 2 minutes), returns its exit code and output (stdout and stderr). */
        Output output(List<String> cmd, Path dir, Map<String, String> env) throws IOException, InterruptedException;

        Tools SYSTEM = new SystemTools();
    }

    /** A tool's exit code and output. */
    public record Output(int exitCode, String text) { }

    private BuildLib() { }

    /** The cache root: {@code $MPIVERIFY_CACHE}, else {@code ~/.cache/mpiverify}. */
    public static Path cacheRoot(Map<String, String> env) {
        String c = env.get("MPIVERIFY_CACHE");
        return c != null && !c.isBlank() ? Path.of(c) : Path.of(System.getProperty("user.home"), ".cache", "mpiverify");
    }

    /** The plan for the installed {@code library}: its source package and version from {@code dpkg-query}. */
    public static Plan plan(Library library, boolean tsan, Path cacheRoot, Tools tools) throws IOException, InterruptedException {
        Output o = tools.output(List.of("dpkg-query", "-W", "-f=${source:Package} ${source:Version}\\n", library.binaryPackage()),
                Path.of("."), System.getenv());
        return new Plan(library, sourcePackage(o, library), sourceVersion(o, library), tsan, cacheRoot);
    }

    /** {@code dpkg-query}'s {@code "mpich 4.0.2-3"}: the source package. Package-private for the test. */
    static String sourcePackage(Output dpkgQuery, Library library) {
        return installed(dpkgQuery, library)[0];
    }

    static String sourceVersion(Output dpkgQuery, Library library) {
        return installed(dpkgQuery, library)[1];
    }

    private static String[] installed(Output o, Library library) {
        String[] w = o.text().strip().split("\\s+");
        if (o.exitCode() != 0 || w.length != 2 || w[1].isEmpty()) {
            throw new IllegalArgumentException(library.binaryPackage() + " is not installed (dpkg-query: " + o.text().strip()
                    + "): apt-get install " + library.binaryPackage() + " first");
        }
        return w;
    }

    /** Whether {@code plan} is built: its properties file says so and its library is there. */
    static boolean built(Plan plan) throws IOException {
        Path marker = plan.prefix().resolve(MARKER);
        if (!Files.isRegularFile(marker) || !Files.isRegularFile(plan.libraryFile())) return false;
        Properties p = load(marker);
        return plan.version().equals(p.getProperty("version")) && String.valueOf(plan.tsan()).equals(p.getProperty("tsan"));
    }

    /**
     * The configuration from the texts the tools gave: {@code make -n override_dh_auto_configure}, the rules' recipe
     * environment, the environment make was started with, {@code dpkg-buildflags}' values, the host's GNU type.
     */
    static Configuration configuration(Library library, String rulesDryRun, String rulesEnvironment, Map<String, String> startedWith,
                                       Map<String, String> buildFlags, String hostGnuType, Path prefix, boolean tsan) {
        List<String> args = new ArrayList<>(DebianRules.debhelperOptions(hostGnuType));
        args.addAll(DebianRules.configureArguments(rulesDryRun));
        args.addAll(library.optimiseO1());
        // the audit loads the shared library: the static archive's objects would be the same code compiled once more
        args.add("--disable-static");
        args.add("--prefix=" + prefix);
        Map<String, String> env = new LinkedHashMap<>(startedWith);
        buildFlags.forEach((k, v) -> env.put(k, DebianRules.withoutPrefixMap(v)));
        env.putAll(DebianRules.exported(rulesEnvironment, startedWith));
        for (var e : env.entrySet()) {
            if (!C_FLAGS.matcher(e.getKey()).matches()) continue;
            String v = String.join(" ", List.of(e.getValue().strip().split("\\s+")).stream()
                    .map(w -> OPTIMISATION.matcher(w).matches() ? "-O1" : w).toList());
            if (!List.of(v.split("\\s+")).contains("-g")) v = (v + " -g").strip();
            if (tsan) v = v + " -fsanitize=thread";
            e.setValue(v);
        }
        if (tsan) env.merge("LDFLAGS", "-fsanitize=thread", (a, b) -> (a + " " + b).strip());
        // configure runs its test programs, built with TSan; a report (gfortran's runtime gave a lock-order inversion)
        // made TSan's default exit code 66 fail MPICH's Fortran KIND check: the programs must end with their own code
        if (tsan) env.put("TSAN_OPTIONS", "exitcode=0 report_bugs=0");
        return new Configuration(List.copyOf(args), Map.copyOf(env));
    }

    /** Builds {@code plan} unless built; prints each step and, at the end, the audit's options. 0, 1 or 2 (class doc). */
    public static int build(Plan plan, Tools tools, PrintStream out) throws IOException, InterruptedException {
        return build(plan, tools, out, false);
    }

    /**
     * As {@link #build(Plan, Tools, PrintStream)}; with {@code dryRun}, stops after fetching and checking the source:
     * prints the configure command and the variables it runs with beside the process environment, builds nothing.
     */
    public static int build(Plan plan, Tools tools, PrintStream out, boolean dryRun) throws IOException, InterruptedException {
        String what = plan.sourcePackage() + " " + plan.version() + (plan.tsan() ? " with TSan" : "");
        if (built(plan)) {
            Properties p = load(plan.prefix().resolve(MARKER));
            out.println("build-lib: " + what + " is built in " + plan.prefix() + " (" + p.getProperty("finished") + ", "
                    + p.getProperty("buildSeconds") + " s of configure, make and install); not rebuilt");
            out.println(plan.auditOptions());
            return 0;
        }
        Map<String, String> base = baseEnvironment(plan, tools);
        Files.createDirectories(plan.downloads());
        Files.createDirectories(plan.tree().getParent());
        if (!Files.isRegularFile(plan.downloads().resolve(plan.dsc()))) {
            Integer rc = fetch(plan, tools, base, out);
            if (rc != null) return rc;
        }
        if (!Files.isDirectory(plan.tree().resolve("debian"))) {
            Files.deleteIfExists(plan.tree());
            int rc = tools.run(List.of("dpkg-source", "-x", plan.downloads().resolve(plan.dsc()).toString(), plan.tree().toString()),
                    plan.downloads(), base, plan.log("dpkg-source"), Duration.ofMinutes(10));
            if (rc != 0) return failed(out, "dpkg-source -x", rc, plan.log("dpkg-source"));
        }
        Output deps = tools.output(List.of("dpkg-checkbuilddeps", "-B", "-P", plan.library().profiles()), plan.tree(), base);
        boolean unmet = deps.text().contains("Unmet build dependencies");
        if (deps.exitCode() != 0 && !unmet && deps.text().contains("Build conflicts")) {
            // Open MPI's package conflicts with both MPI -dev packages, which the audit needs installed side by side;
            // the conflict keeps a package build clean; neither -dev package puts its mpi.h on the default include path
            out.println("build-lib: WARNING (built anyway: the audit needs both libraries installed): "
                    + deps.text().strip().replaceFirst("^dpkg-checkbuilddeps: error: ", ""));
        } else if (deps.exitCode() != 0) {
            out.println("build-lib: " + deps.text().strip());
            out.println("build-lib: install them with: apt-get build-dep --arch-only -P " + plan.library().profiles() + " "
                    + plan.sourcePackage() + "=" + plan.version());
            return 2;
        }
        Configuration c = configuration(plan, tools, base);
        checkAgainstInstalled(plan, c, tools, base, out);
        if (dryRun) {
            out.println("build-lib: in " + plan.tree() + ":");
            new java.util.TreeMap<>(c.environment()).forEach((k, v) -> {
                if (!v.equals(base.get(k))) out.println("  " + k + "=" + v);
            });
            out.println("  ./configure " + String.join(" ", c.arguments().stream().map(a -> a.contains(" ") || a.isEmpty() ? "'" + a + "'" : a).toList()));
            out.println("build-lib: --dry-run: nothing built");
            return 0;
        }
        Files.createDirectories(plan.prefix());
        long total = 0;
        Properties marker = new Properties();
        Integer regenerated = regenerate(plan, c, tools, out, marker);
        if (regenerated == null) return 1;
        total += regenerated;
        List<String> steps = new ArrayList<>(List.of("configure"));
        plan.library().generatedCode().forEach(d -> steps.add(GENERATED + d));
        steps.addAll(List.of("make", "make-install"));
        for (String step : steps) {
            if (step.startsWith(GENERATED)) {
                Integer s = makeGenerated(plan, c, tools, out, marker, step.substring(GENERATED.length()));
                if (s == null) return 1;
                total += s;
                continue;
            }
            List<String> cmd = switch (step) {
                case "configure" -> {
                    List<String> l = new ArrayList<>(List.of("./configure"));
                    l.addAll(c.arguments());
                    yield l;
                }
                case "make" -> List.of("make", "-j" + Runtime.getRuntime().availableProcessors());
                default -> List.of("make", "install");
            };
            if (step.equals("configure") && configured(plan, c, tools)) {
                out.println("build-lib: configure: config.status records the same arguments; not run again");
                marker.setProperty("resumed", "true: configure and the objects already made are not in buildSeconds");
                continue;
            }
            out.println("build-lib: " + step + " (log " + plan.log(step) + ")");
            long t = System.nanoTime();
            int rc = tools.run(cmd, plan.tree(), c.environment(), plan.log(step), STEP_BOUND);
            long s = (System.nanoTime() - t) / 1_000_000_000;
            if (rc != 0) return failed(out, step, rc, plan.log(step));
            out.println("build-lib: " + step + " done in " + s + " s");
            marker.setProperty(step + "Seconds", Long.toString(s));
            total += s;
        }
        marker.setProperty("library", plan.library().id());
        marker.setProperty("sourcePackage", plan.sourcePackage());
        marker.setProperty("version", plan.version());
        marker.setProperty("tsan", String.valueOf(plan.tsan()));
        marker.setProperty("configure", String.join(" ", c.arguments()));
        marker.setProperty("buildSeconds", Long.toString(total));
        marker.setProperty("cores", Integer.toString(Runtime.getRuntime().availableProcessors()));
        marker.setProperty("finished", Instant.now().toString());
        try (var w = Files.newBufferedWriter(plan.prefix().resolve(MARKER), StandardCharsets.UTF_8)) {
            marker.store(w, "written by ./mpiverify audit build-lib when the build was installed");
        }
        out.println("build-lib: " + what + " built in " + total + " s" + (marker.containsKey("resumed")
                ? " (resumed: the steps before it not counted)" : "") + ", installed in " + plan.prefix());
        out.println(plan.auditOptions());
        return 0;
    }

    private static final String GENERATED = "generated:";
    /** The bound of every build step: regeneration, configure, make, install. */
    static final Duration STEP_BOUND = Duration.ofHours(4);

    /**
     * Makes the generated-code subdirectory {@code dir} before the tree's own make, at {@code -O0}: its configured
     * {@code CFLAGS} (from its Makefile) with every optimisation level replaced, given on make's command line, where it
     * overrides the Makefile's for that directory alone. The library's own code keeps {@code -O1}; the generated code
     * keeps {@code -g} and, with {@code --tsan}, {@code -fsanitize=thread}: the race detector sees the same accesses, and
     * {@code -O0} compiles yaksa's largest generated file in a ninth of {@code -O1}'s CPU time (1.7 s against 15.3 s of
     * user time). The tree's make then finds those objects up to date (make does not track flags). The seconds it took, or
     * null when a step failed.
     */
    private static Integer makeGenerated(Plan plan, Configuration c, Tools tools, PrintStream out, Properties marker, String dir)
            throws IOException, InterruptedException {
        Output flags = tools.output(List.of("make", "-s", "--no-print-directory", "-C", dir, "--eval",
                "mpiverify-cflags: ; @echo $(CFLAGS)", "mpiverify-cflags"), plan.tree(), c.environment());
        if (flags.exitCode() != 0) {
            failed(out, "reading " + dir + "'s CFLAGS", flags.exitCode(), plan.log("configure"));
            return null;
        }
        String cflags = unoptimised(flags.text());
        String name = "make-" + Path.of(dir).getFileName();
        out.println("build-lib: make -C " + dir + " at -O0: CFLAGS=" + cflags + " (log " + plan.log(name) + ")");
        long t = System.nanoTime();
        int rc = tools.run(List.of("make", "-j" + Runtime.getRuntime().availableProcessors(), "-C", dir, "CFLAGS=" + cflags),
                plan.tree(), c.environment(), plan.log(name), STEP_BOUND);
        long s = (System.nanoTime() - t) / 1_000_000_000;
        if (rc != 0) {
            failed(out, "make -C " + dir, rc, plan.log(name));
            return null;
        }
        out.println("build-lib: make -C " + dir + " done in " + s + " s");
        marker.setProperty(name + "Seconds", s + " (" + dir + " at -O0)");
        return (int) s;
    }

    /** {@code flags} with every optimisation level ({@code -O1}, {@code -O2}, {@code -Os}...) as {@code -O0}. */
    static String unoptimised(String flags) {
        return String.join(" ", List.of(flags.strip().split("\\s+")).stream()
                .map(w -> OPTIMISATION.matcher(w).matches() ? "-O0" : w).toList());
    }

    /** The stamp a finished regeneration leaves in the tree, so that a resumed build does not run it again. */
    static final String REGENERATED = ".mpiverify-regenerated";

    /**
     * Regenerates the build system as {@code dh} does before configuring ({@link DebianRules#regeneration}): Debian's
     * patches may change {@code configure.ac}, {@code Makefile.am} and m4 files (Open MPI 4.1.4-3's do), and the
     * tarball's {@code configure} and {@code Makefile.in} would not have them; make would then try to rerun the
     * tarball's own automake version, which is not installed. Once per tree (a stamp); a configuration made before it
     * is dropped, so that configure runs with the regenerated script. The seconds it took, or null when a step failed.
     */
    private static Integer regenerate(Plan plan, Configuration c, Tools tools, PrintStream out, Properties marker)
            throws IOException, InterruptedException {
        if (Files.exists(plan.tree().resolve(REGENERATED))) return 0;
        Path debian = plan.tree().resolve("debian");
        Path compatFile = debian.resolve("compat");
        int compat = DebianRules.compatLevel(Files.readString(debian.resolve("control"), StandardCharsets.UTF_8),
                Files.exists(compatFile) ? Files.readString(compatFile, StandardCharsets.UTF_8) : null);
        List<List<String>> steps = DebianRules.regeneration(Files.readString(debian.resolve("rules"), StandardCharsets.UTF_8), compat);
        long total = 0;
        for (int i = 0; i < steps.size(); i++) {
            List<String> cmd = steps.get(i);
            String name = "regenerate-" + (i + 1);
            out.println("build-lib: " + String.join(" ", cmd) + " (as dh runs it before configure; log " + plan.log(name) + ")");
            long t = System.nanoTime();
            // as long as make's bound: MPICH's autogen.sh took more than an hour at load 15 to 25 on two cores
            int rc = tools.run(cmd, plan.tree(), c.environment(), plan.log(name), STEP_BOUND);
            long s = (System.nanoTime() - t) / 1_000_000_000;
            if (rc != 0) {
                failed(out, String.join(" ", cmd), rc, plan.log(name));
                return null;
            }
            out.println("build-lib: " + String.join(" ", cmd) + " done in " + s + " s");
            marker.setProperty(name + "Seconds", s + " (" + String.join(" ", cmd) + ")");
            total += s;
        }
        Files.deleteIfExists(plan.tree().resolve("config.status"));
        Files.writeString(plan.tree().resolve(REGENERATED), steps.stream().map(l -> String.join(" ", l) + "\n")
                .reduce("", String::concat), StandardCharsets.UTF_8);
        return (int) total;
    }

    /** Checks the deb-src lines and downloads the source package; null when done, else the exit code. */
    private static Integer fetch(Plan plan, Tools tools, Map<String, String> base, PrintStream out)
            throws IOException, InterruptedException {
        Output src = tools.output(List.of("apt-cache", "showsrc", "--only-source", plan.sourcePackage()), plan.downloads(), base);
        List<String> offered = src.text().lines().filter(l -> l.startsWith("Version: ")).map(l -> l.substring(9).strip()).toList();
        if (offered.isEmpty()) {
            out.println("build-lib: apt knows no source package " + plan.sourcePackage() + ": no deb-src line. Add one (a file "
                    + "/etc/apt/sources.list.d/deb-src.sources with \"Types: deb-src\", the URIs, Suites and Components of "
                    + "debian.sources), then run apt-get update");
            return 2;
        }
        if (!offered.contains(plan.version())) {
            out.println("build-lib: the deb-src lines offer " + plan.sourcePackage() + " " + String.join(", ", offered)
                    + ", not the installed " + plan.version() + " (snapshot.debian.org keeps every version)");
            return 2;
        }
        out.println("build-lib: fetching " + plan.sourcePackage() + " " + plan.version() + " into " + plan.downloads());
        int rc = tools.run(List.of("apt-get", "source", "--download-only", "-q", plan.sourcePackage() + "=" + plan.version()),
                plan.downloads(), base, plan.log("apt-get-source"), Duration.ofMinutes(20));
        if (rc != 0) {
            out.println("build-lib: apt-get source failed (exit " + rc + "; no network?); log " + plan.log("apt-get-source"));
            return 2;
        }
        return null;
    }

    private static int failed(PrintStream out, String step, int rc, Path log) {
        out.println("build-lib: " + step + " FAILED (" + (rc < 0 ? "past its time bound" : "exit " + rc) + "); log " + log);
        return 1;
    }

    /** The process environment with the host's dpkg-architecture variables and the build profile, no user flags. */
    private static Map<String, String> baseEnvironment(Plan plan, Tools tools) throws IOException, InterruptedException {
        Map<String, String> env = new LinkedHashMap<>(System.getenv());
        DebianRules.BUILD_FLAGS.forEach(env::remove);
        List.of("MAKEFLAGS", "MFLAGS", "MAKELEVEL").forEach(env::remove);
        Output arch = tools.output(List.of("dpkg-architecture", "-l"), Path.of("."), env);
        if (arch.exitCode() != 0) throw new IOException("dpkg-architecture -l failed: " + arch.text());
        arch.text().lines().filter(l -> l.contains("=")).forEach(l -> env.put(l.substring(0, l.indexOf('=')), l.substring(l.indexOf('=') + 1)));
        env.put("DEB_BUILD_PROFILES", plan.library().profiles());
        return env;
    }

    private static Configuration configuration(Plan plan, Tools tools, Map<String, String> base)
            throws IOException, InterruptedException {
        Output dry = tools.output(List.of("make", "-s", "-n", "-f", "debian/rules", "override_dh_auto_configure"), plan.tree(), base);
        Output env = tools.output(List.of("make", "-s", "-f", "debian/rules", "--eval", "mpiverify-env: ; @env", "mpiverify-env"),
                plan.tree(), base);
        if (dry.exitCode() != 0 || env.exitCode() != 0) {
            throw new IOException("debian/rules could not be read: " + dry.text() + env.text());
        }
        Map<String, String> flags = new LinkedHashMap<>();
        for (String f : DebianRules.BUILD_FLAGS) {
            flags.put(f, tools.output(List.of("dpkg-buildflags", "--get", f), plan.tree(), base).text().strip());
        }
        return configuration(plan.library(), dry.text(), env.text(), base, flags, base.getOrDefault("DEB_HOST_GNU_TYPE", ""), plan.prefix(), plan.tsan());
    }

    private static void checkAgainstInstalled(Plan plan, Configuration c, Tools tools, Map<String, String> base, PrintStream out)
            throws IOException, InterruptedException {
        Output o = tools.output(plan.library().recordedTool(), Path.of("."), base);
        String label = plan.library().recordedLabel();
        String recorded = o.text().lines().filter(l -> l.strip().startsWith(label)).findFirst()
                .map(l -> l.substring(l.indexOf(label) + label.length())).orElse(null);
        if (recorded == null) {
            out.println("build-lib: " + String.join(" ", plan.library().recordedTool()) + " does not print its configure line; "
                    + "the options are debian/rules' alone");
            return;
        }
        List<String> missing = DebianRules.missingFromPlan(recorded, c.arguments(), plan.library().leftOutByProfiles());
        out.println(missing.isEmpty()
                ? "build-lib: the options agree with the installed library's recorded configure line"
                : "build-lib: WARNING: the installed library was configured with " + missing + " too, which debian/rules "
                        + "does not give here");
    }

    /** Whether the tree's config.status records exactly {@code c}'s arguments. */
    private static boolean configured(Plan plan, Configuration c, Tools tools) throws IOException, InterruptedException {
        if (!Files.isExecutable(plan.tree().resolve("config.status"))) return false;
        Output o = tools.output(List.of("./config.status", "--config"), plan.tree(), c.environment());
        return o.exitCode() == 0 && sameConfiguration(o.text(), c);
    }

    /**
     * Whether {@code config.status --config}'s line is {@code c}: its arguments, then the precious variables configure
     * took from the environment ({@code MPICHLIB_CFLAGS=...}, {@code LDFLAGS=...}), each with {@code c}'s value.
     */
    static boolean sameConfiguration(String configStatusLine, Configuration c) {
        List<String> words = ShellWords.split(configStatusLine.strip());
        if (words.size() < c.arguments().size() || !words.subList(0, c.arguments().size()).equals(c.arguments())) return false;
        for (String w : words.subList(c.arguments().size(), words.size())) {
            int eq = w.indexOf('=');
            if (eq <= 0 || !w.substring(eq + 1).equals(c.environment().get(w.substring(0, eq)))) return false;
        }
        return true;
    }

    private static Properties load(Path file) throws IOException {
        Properties p = new Properties();
        try (var r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            p.load(r);
        }
        return p;
    }

    /** Real processes, each bounded, output through a file. */
    private static final class SystemTools implements Tools {
        @Override
        public int run(List<String> cmd, Path dir, Map<String, String> env, Path log, Duration bound)
                throws IOException, InterruptedException {
            ProcessBuilder pb = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true)
                    .redirectOutput(log.toFile());
            pb.environment().clear();
            pb.environment().putAll(env);
            Process p = pb.start();
            if (!p.waitFor(bound.toSeconds(), TimeUnit.SECONDS)) {
                p.descendants().forEach(ProcessHandle::destroyForcibly);
                p.destroyForcibly();
                return -1;
            }
            return p.exitValue();
        }

        @Override
        public Output output(List<String> cmd, Path dir, Map<String, String> env) throws IOException, InterruptedException {
            Path file = Files.createTempFile("build-lib", ".txt");
            try {
                int rc;
                try {
                    rc = run(cmd, dir, env, file, Duration.ofMinutes(2));
                } catch (IOException e) { // the tool is not installed
                    return new Output(127, String.join(" ", cmd) + ": " + e.getMessage());
                }
                return new Output(rc, Files.readString(file, StandardCharsets.UTF_8));
            } finally {
                Files.deleteIfExists(file);
            }
        }
    }
}
