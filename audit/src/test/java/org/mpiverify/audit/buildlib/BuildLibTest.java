package org.mpiverify.audit.buildlib;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * build-lib's planning, without building anything: the installed source package and version from {@code dpkg-query},
 * the cache paths, the configure options and environment read from a {@code debian/rules} (a small one in MPICH's
 * form, through the real {@code make}), the check against the installed library's recorded line, and that a build
 * already installed is not started again.
 */
class BuildLibTest {
    /** A debian/rules in the form of MPICH 4.0.2-3's: exported flags, per-architecture options, the override. */
    private static final String RULES = """
            #! /usr/bin/make -f
            export MPICHLIB_CFLAGS=-g -O2 -ffile-prefix-map=$(CURDIR)=. -fstack-protector-strong
            export MPILIBNAME=mpich
            FFLAGS_HERE=-O2 -ffile-prefix-map=$(CURDIR)=. -fallow-argument-mismatch
            UCX_ARCH:= amd64 ppc64el arm64
            DEVICE:= --with-device=ch3
            ifneq (,$(findstring $(DEB_HOST_ARCH),$(UCX_ARCH)))
            \tDEVICE:= --with-device=ch4:ucx --with-ucx=/usr
            endif
            extra_flags += $(DEVICE) --with-pm=hydra --enable-shared --prefix=/usr --enable-fortran=all \\
            \t--sysconfdir=/etc/mpich --libdir=/usr/lib/$(DEB_HOST_MULTIARCH)
            %:
            \tdh $@
            override_dh_auto_configure:
            \tdh_auto_configure -- $(extra_flags) CPPFLAGS="" CFLAGS="" FFLAGS="$(FFLAGS_HERE)" BASH_SHELL=/bin/bash
            \t( cd src/pm/hydra && ./configure $(DEVICE) --prefix=/usr )
            """;

    @Test
    void theInstalledVersionIsTheSourcePackagesFromDpkgQuery() {
        var q = new BuildLib.Output(0, "mpich 4.0.2-3\n");
        assertEquals("mpich", BuildLib.sourcePackage(q, BuildLib.Library.MPICH));
        assertEquals("4.0.2-3", BuildLib.sourceVersion(q, BuildLib.Library.MPICH));
        var missing = assertThrows(IllegalArgumentException.class, () -> BuildLib.sourcePackage(
                new BuildLib.Output(1, "dpkg-query: no packages found matching libmpich12"), BuildLib.Library.MPICH));
        assertTrue(missing.getMessage().contains("libmpich12 is not installed"), missing.getMessage());
        assertThrows(IllegalArgumentException.class, () -> BuildLib.Library.byId("mpj"));
    }

    @Test
    void theCacheHoldsSourceTreeAndInstallationApartPerVersionAndTsan() {
        Path cache = Path.of("/cache");
        var p = new BuildLib.Plan(BuildLib.Library.MPICH, "mpich", "4.0.2-3", false, cache);
        assertEquals(Path.of("/cache/build/mpich-4.0.2-3-debug"), p.tree());
        assertEquals(Path.of("/cache/libs/mpich-4.0.2-3-debug"), p.prefix());
        assertEquals(Path.of("/cache/build/mpich-4.0.2-3-debug.make.log"), p.log("make"));
        assertEquals("--lib /cache/libs/mpich-4.0.2-3-debug/lib/libmpich.so.12 --mpiexec /cache/libs/mpich-4.0.2-3-debug/bin/mpiexec",
                p.auditOptions());
        var t = new BuildLib.Plan(BuildLib.Library.OPENMPI, "openmpi", "1:4.1.4-3", true, cache);
        assertEquals(Path.of("/cache/libs/openmpi-4.1.4-3-debug-tsan/lib/libmpi.so.40"), t.libraryFile());
        assertEquals("openmpi_4.1.4-3.dsc", t.dsc());
    }

    @Test
    void theConfigureOptionsAreTheRulesAsDpkgBuildpackageRunsThem(@TempDir Path tree) throws Exception {
        if (!Files.isExecutable(Path.of("/usr/bin/make"))) {
            // .ci/run installs make: CI must evaluate the rules; elsewhere a machine without make cannot
            if ("true".equalsIgnoreCase(System.getenv("CI"))) fail("no /usr/bin/make: CI must evaluate debian/rules");
            Assumptions.abort("no /usr/bin/make");
        }
        Files.createDirectories(tree.resolve("debian"));
        Files.writeString(tree.resolve("debian/rules"), RULES);
        Map<String, String> started = new LinkedHashMap<>(Map.of("PATH", "/usr/bin:/bin", "DEB_HOST_ARCH", "amd64",
                "DEB_HOST_MULTIARCH", "x86_64-linux-gnu"));
        var tools = BuildLib.Tools.SYSTEM;
        String dry = tools.output(List.of("make", "-s", "-n", "-f", "debian/rules", "override_dh_auto_configure"), tree, started).text();
        String env = tools.output(List.of("make", "-s", "-f", "debian/rules", "--eval", "mpiverify-env: ; @env", "mpiverify-env"),
                tree, started).text();
        Map<String, String> flags = Map.of("CFLAGS", "-g -O2 -ffile-prefix-map=/b=. -fstack-protector-strong", "LDFLAGS", "-Wl,-z,relro");
        Path prefix = Path.of("/cache/libs/mpich-4.0.2-3-debug");

        var c = BuildLib.configuration(BuildLib.Library.MPICH, dry, env, started, flags, "x86_64-linux-gnu", prefix, false);
        assertEquals(List.of("--build=x86_64-linux-gnu", "--disable-option-checking", "--disable-silent-rules",
                "--disable-maintainer-mode", "--disable-dependency-tracking", "--with-device=ch4:ucx", "--with-ucx=/usr",
                "--with-pm=hydra", "--enable-shared", "--enable-fortran=all", "CPPFLAGS=", "CFLAGS=",
                "FFLAGS=-O2 -fallow-argument-mismatch", "BASH_SHELL=/bin/bash", "--enable-fast=O1", "--disable-static", "--prefix=" + prefix), c.arguments());
        assertEquals("-g -O1 -fstack-protector-strong", c.environment().get("MPICHLIB_CFLAGS"));
        assertEquals("mpich", c.environment().get("MPILIBNAME"));
        assertEquals("-g -O1 -fstack-protector-strong", c.environment().get("CFLAGS"));
        assertEquals("-Wl,-z,relro", c.environment().get("LDFLAGS"));
        assertFalse(c.environment().containsKey("MAKELEVEL"), c.environment().toString());

        var t = BuildLib.configuration(BuildLib.Library.MPICH, dry, env, started, flags, "x86_64-linux-gnu", prefix, true);
        assertEquals("-g -O1 -fstack-protector-strong -fsanitize=thread", t.environment().get("MPICHLIB_CFLAGS"));
        assertEquals("-Wl,-z,relro -fsanitize=thread", t.environment().get("LDFLAGS"));

        // another architecture takes the rules' other branch: the options are evaluated, not copied
        started.put("DEB_HOST_ARCH", "i386");
        String dry386 = tools.output(List.of("make", "-s", "-n", "-f", "debian/rules", "override_dh_auto_configure"), tree, started).text();
        assertTrue(DebianRules.configureArguments(dry386).contains("--with-device=ch3"), dry386);
    }

    @Test
    void aDifferenceFromTheInstalledLibrarysRecordedOptionsIsFound() {
        String recorded = " --build=x86_64-linux-gnu --prefix=/usr --disable-silent-rules --libdir=${prefix}/lib/x86_64-linux-gnu "
                + "--with-ucx=/usr --with-device=ch4:ucx --enable-fortran=all CFLAGS= FFLAGS=-O2 -ffile-prefix-map=/b=. -fstack";
        List<String> plan = List.of("--build=x86_64-linux-gnu", "--disable-silent-rules", "--with-ucx=/usr",
                "--with-device=ch4:ucx", "--enable-fortran=all", "--prefix=/cache");
        assertEquals(List.of(), DebianRules.missingFromPlan(recorded, plan, Set.of()));
        assertEquals(List.of("--with-device=ch4:ucx"),
                DebianRules.missingFromPlan(recorded, plan.stream().filter(o -> !o.contains("ch4")).toList(), Set.of()));
        // Open MPI's recorded line is quoted; the nojava profile leaves its Java bindings out
        String ompi = "'--build=x86_64-linux-gnu' '--with-package-string=Debian OpenMPI' '--enable-mpi-java' "
                + "'--with-jdk-dir=/usr/lib/jvm/default-java' '--sysconfdir=/etc/openmpi'";
        assertEquals(List.of(), DebianRules.missingFromPlan(ompi, List.of("--build=x86_64-linux-gnu",
                "--with-package-string=Debian OpenMPI"), BuildLib.Library.OPENMPI.leftOutByProfiles()));
    }

    @Test
    void aBuildAlreadyInstalledIsNotStartedAgain(@TempDir Path cache) throws Exception {
        var plan = new BuildLib.Plan(BuildLib.Library.MPICH, "mpich", "4.0.2-3", false, cache);
        Files.createDirectories(plan.libraryFile().getParent());
        Files.writeString(plan.libraryFile(), "");
        Files.writeString(plan.prefix().resolve(BuildLib.MARKER), "version=4.0.2-3\ntsan=false\nbuildSeconds=1234\nfinished=x\n");
        var calls = new RecordingTools();
        var out = new ByteArrayOutputStream();
        assertEquals(0, BuildLib.build(plan, calls, new PrintStream(out, true, StandardCharsets.UTF_8)));
        assertEquals(List.of(), calls.commands);
        String text = out.toString(StandardCharsets.UTF_8);
        assertTrue(text.contains("not rebuilt") && text.contains(plan.auditOptions()), text);

        // the TSan build of the same version is another build: its tools run (here: dpkg-architecture first, refused)
        var tsan = new BuildLib.Plan(BuildLib.Library.MPICH, "mpich", "4.0.2-3", true, cache);
        assertThrows(java.io.IOException.class, () -> BuildLib.build(tsan, calls, new PrintStream(new ByteArrayOutputStream())));
        assertEquals(List.of("dpkg-architecture -l"), calls.commands);
    }

    @Test
    void noDebSrcLineIsAMessageNotAChange(@TempDir Path cache) throws Exception {
        var plan = new BuildLib.Plan(BuildLib.Library.MPICH, "mpich", "4.0.2-3", false, cache);
        var tools = new RecordingTools() {
            @Override
            public BuildLib.Output output(List<String> cmd, Path dir, Map<String, String> env) {
                commands.add(String.join(" ", cmd));
                return cmd.get(0).equals("dpkg-architecture") ? new BuildLib.Output(0, "DEB_HOST_GNU_TYPE=x86_64-linux-gnu\n")
                        : new BuildLib.Output(0, cmd.contains("showsrc") && offered != null ? "Package: mpich\nVersion: " + offered + "\n" : "");
            }
        };
        var out = new ByteArrayOutputStream();
        assertEquals(2, BuildLib.build(plan, tools, new PrintStream(out, true, StandardCharsets.UTF_8)));
        assertTrue(out.toString(StandardCharsets.UTF_8).contains("no deb-src line"), out.toString(StandardCharsets.UTF_8));
        tools.offered = "4.0.3-1";
        out.reset();
        assertEquals(2, BuildLib.build(plan, tools, new PrintStream(out, true, StandardCharsets.UTF_8)));
        assertTrue(out.toString(StandardCharsets.UTF_8).contains("offer mpich 4.0.3-1, not the installed 4.0.2-3"),
                out.toString(StandardCharsets.UTF_8));
        assertFalse(tools.commands.stream().anyMatch(c -> c.startsWith("apt-get")), tools.commands.toString());
    }

    @Test
    void unmetBuildDependenciesStopTheBuildButBuildConflictsOnlyWarn(@TempDir Path cache) throws Exception {
        var plan = new BuildLib.Plan(BuildLib.Library.OPENMPI, "openmpi", "4.1.4-3", false, cache);
        Files.createDirectories(plan.downloads());
        Files.writeString(plan.downloads().resolve(plan.dsc()), "");
        Files.createDirectories(plan.tree().resolve("debian"));
        var tools = new RecordingTools() {
            @Override
            public BuildLib.Output output(List<String> cmd, Path dir, Map<String, String> env) {
                commands.add(String.join(" ", cmd));
                return switch (cmd.get(0)) {
                    case "dpkg-architecture" -> new BuildLib.Output(0, "DEB_HOST_GNU_TYPE=x86_64-linux-gnu\n");
                    case "dpkg-checkbuilddeps" -> new BuildLib.Output(1, offered);
                    default -> new BuildLib.Output(2, "make: *** No rule");
                };
            }
        };
        tools.offered = "dpkg-checkbuilddeps: error: Unmet build dependencies: libpsm2-dev\n";
        var out = new ByteArrayOutputStream();
        assertEquals(2, BuildLib.build(plan, tools, new PrintStream(out, true, StandardCharsets.UTF_8)));
        assertTrue(out.toString(StandardCharsets.UTF_8).contains("apt-get build-dep --arch-only -P nojava openmpi=4.1.4-3"),
                out.toString(StandardCharsets.UTF_8));
        // Open MPI's package conflicts with both MPI -dev packages the audit needs: a warning, then debian/rules is read
        tools.offered = "dpkg-checkbuilddeps: error: Build conflicts: libmpich-dev libopenmpi-dev\n";
        tools.commands.clear();
        out.reset();
        assertThrows(java.io.IOException.class, () -> BuildLib.build(plan, tools, new PrintStream(out, true, StandardCharsets.UTF_8)));
        assertTrue(out.toString(StandardCharsets.UTF_8).contains("WARNING (built anyway"), out.toString(StandardCharsets.UTF_8));
        assertTrue(tools.commands.contains("make -s -n -f debian/rules override_dh_auto_configure"), tools.commands.toString());
    }

    /**
     * The build system is regenerated as dh does before configuring: Open MPI 4.1.4-3's rules override
     * dh_update_autotools_config with its autogen.pl and leave dh_autoreconf to dh (compat 13), MPICH's override
     * dh_autoreconf; a catch-all rule or a variable of that name is no override, and below compat 10 dh has no
     * dh_autoreconf. (Without the regeneration Open MPI's make failed: its patched configure.ac and Makefile.am made it
     * call the tarball's aclocal-1.15, which is not installed.)
     */
    @Test
    void theBuildSystemIsRegeneratedAsDhDoesBeforeConfiguring() {
        String openmpi = """
                %:
                \tdh $@
                override_dh_update_autotools_config:
                \t(cd config && autom4te --language=m4sh opal_get_version.m4sh -o opal_get_version.sh)
                \t./autogen.pl --force
                override_dh_auto_configure:
                \tdh_auto_configure -- $(extra_flags)
                """;
        assertEquals(13, DebianRules.compatLevel("Build-Depends: dpkg-dev (>= 1.16.1~),\n dh-sequence-fortran-mod,\n "
                + "debhelper-compat (= 13),\n libevent-dev,", null));
        assertEquals(List.of(List.of("make", "-f", "debian/rules", "override_dh_update_autotools_config"), List.of("dh_autoreconf")),
                DebianRules.regeneration(openmpi, 13));
        String mpich = RULES + "override_dh_autoreconf:\n\t./autogen.sh\n";
        assertEquals(List.of(List.of("make", "-f", "debian/rules", "override_dh_autoreconf")), DebianRules.regeneration(mpich, 13));
        assertEquals(List.of(List.of("dh_autoreconf")), DebianRules.regeneration(RULES, 13), "the catch-all rule is no override");
        assertEquals(List.of(), DebianRules.regeneration(RULES + "override_dh_autoreconf_x := 1\n", 9), "compat 9: no dh_autoreconf");
        assertEquals(9, DebianRules.compatLevel("Build-Depends: debhelper (>= 9)", "9\n"));
        assertEquals(0, DebianRules.compatLevel("Build-Depends: debhelper (>= 9)", null));
    }

    /**
     * The whole build's order with the tools answered and no process run: the regeneration before configure, once per
     * tree (its stamp), and a configuration made before it dropped, so that configure runs with the regenerated script.
     */
    @Test
    void theRegenerationRunsBeforeConfigureOnceAndDropsAStaleConfiguration(@TempDir Path cache) throws Exception {
        var plan = new BuildLib.Plan(BuildLib.Library.OPENMPI, "openmpi", "4.1.4-3", false, cache);
        Files.createDirectories(plan.downloads());
        Files.writeString(plan.downloads().resolve(plan.dsc()), "");
        Path debian = Files.createDirectories(plan.tree().resolve("debian"));
        Files.writeString(debian.resolve("control"), "Build-Depends: debhelper-compat (= 13), libevent-dev\n");
        Files.writeString(debian.resolve("rules"), "%:\n\tdh $@\noverride_dh_update_autotools_config:\n\t./autogen.pl --force\n");
        Files.writeString(plan.tree().resolve("config.status"), "#!/bin/sh\n");
        var tools = new RecordingTools() {
            final List<String> ran = new ArrayList<>();
            final List<Duration> bounds = new ArrayList<>();

            @Override
            public int run(List<String> cmd, Path dir, Map<String, String> env, Path log, Duration bound) {
                ran.add(String.join(" ", cmd));
                bounds.add(bound);
                if (cmd.equals(List.of("make", "install"))) {
                    try {
                        Files.createDirectories(plan.libraryFile().getParent());
                        Files.writeString(plan.libraryFile(), "");
                    } catch (java.io.IOException e) {
                        throw new java.io.UncheckedIOException(e);
                    }
                }
                return 0;
            }

            @Override
            public BuildLib.Output output(List<String> cmd, Path dir, Map<String, String> env) {
                String c = String.join(" ", cmd);
                return switch (cmd.get(0)) {
                    case "dpkg-architecture" -> new BuildLib.Output(0, "DEB_HOST_GNU_TYPE=x86_64-linux-gnu\n");
                    case "dpkg-checkbuilddeps", "dpkg-buildflags" -> new BuildLib.Output(0, "");
                    case "make" -> new BuildLib.Output(0, c.contains("-n") ? "dh_auto_configure -- --with-ucx\n" : "PATH=/usr/bin\n");
                    default -> new BuildLib.Output(1, "not here");
                };
            }
        };
        var out = new ByteArrayOutputStream();
        assertEquals(0, BuildLib.build(plan, tools, new PrintStream(out, true, StandardCharsets.UTF_8)), out.toString(StandardCharsets.UTF_8));
        assertEquals(List.of("make -f debian/rules override_dh_update_autotools_config", "dh_autoreconf"), tools.ran.subList(0, 2));
        // MPICH's autogen.sh ran past a bound of one hour on the loaded two-core machine: the regeneration gets make's
        assertEquals(List.of(BuildLib.STEP_BOUND, BuildLib.STEP_BOUND), tools.bounds.subList(0, 2), "the regeneration's bounds");
        assertTrue(tools.ran.get(2).startsWith("./configure --build=x86_64-linux-gnu"), "configure runs: " + tools.ran);
        assertFalse(Files.exists(plan.tree().resolve("config.status")), "the configuration made before is dropped");
        assertTrue(Files.exists(plan.tree().resolve(BuildLib.REGENERATED)));
        // resumed (the installation gone): no second regeneration
        Files.delete(plan.prefix().resolve(BuildLib.MARKER));
        tools.ran.clear();
        assertEquals(0, BuildLib.build(plan, tools, new PrintStream(out, true, StandardCharsets.UTF_8)));
        assertTrue(tools.ran.get(0).startsWith("./configure"), tools.ran.toString());
    }

    @Test
    void mpichsGeneratedPackCodeIsMadeAtO0BeforeTheTreeWithItsOtherFlagsKept(@TempDir Path cache) throws Exception {
        var plan = new BuildLib.Plan(BuildLib.Library.MPICH, "mpich", "4.0.2-3", true, cache);
        Files.createDirectories(plan.downloads());
        Files.writeString(plan.downloads().resolve(plan.dsc()), "");
        Path debian = Files.createDirectories(plan.tree().resolve("debian"));
        Files.writeString(debian.resolve("control"), "Build-Depends: debhelper-compat (= 12)\n");
        Files.writeString(debian.resolve("rules"), "%:\n\tdh $@\n");
        Files.writeString(plan.tree().resolve(BuildLib.REGENERATED), "");
        var tools = new RecordingTools() {
            final List<String> ran = new ArrayList<>();

            @Override
            public int run(List<String> cmd, Path dir, Map<String, String> env, Path log, Duration bound) {
                ran.add(String.join(" ", cmd));
                if (cmd.equals(List.of("make", "install"))) {
                    try {
                        Files.createDirectories(plan.libraryFile().getParent());
                        Files.writeString(plan.libraryFile(), "");
                    } catch (java.io.IOException e) {
                        throw new java.io.UncheckedIOException(e);
                    }
                }
                return 0;
            }

            @Override
            public BuildLib.Output output(List<String> cmd, Path dir, Map<String, String> env) {
                String c = String.join(" ", cmd);
                if (c.contains("mpiverify-cflags")) {
                    // yaksa's Makefile: the tree's flags, then its own --enable-fast level
                    return new BuildLib.Output(0, "-g -O1 -fstack-protector-strong -std=c11 -fsanitize=thread -O1\n");
                }
                return switch (cmd.get(0)) {
                    case "dpkg-architecture" -> new BuildLib.Output(0, "DEB_HOST_GNU_TYPE=x86_64-linux-gnu\n");
                    case "dpkg-checkbuilddeps", "dpkg-buildflags" -> new BuildLib.Output(0, "");
                    case "make" -> new BuildLib.Output(0, c.contains("-n") ? "dh_auto_configure -- --with-ucx\n" : "PATH=/usr/bin\n");
                    default -> new BuildLib.Output(1, "not here");
                };
            }
        };
        var out = new ByteArrayOutputStream();
        assertEquals(0, BuildLib.build(plan, tools, new PrintStream(out, true, StandardCharsets.UTF_8)), out.toString(StandardCharsets.UTF_8));
        int cores = Runtime.getRuntime().availableProcessors();
        assertTrue(tools.ran.get(0).startsWith("./configure"), tools.ran.toString());
        assertEquals(List.of("make -j" + cores + " -C modules/yaksa CFLAGS=-g -O0 -fstack-protector-strong -std=c11 -fsanitize=thread -O0",
                "make -j" + cores, "make install"), tools.ran.subList(1, tools.ran.size()), "yaksa first, at -O0, still instrumented");
        assertTrue(Files.readString(plan.prefix().resolve(BuildLib.MARKER)).contains("make-yaksaSeconds"));
        assertEquals("-g -O0 -Wall -O0", BuildLib.unoptimised(" -g -O2 -Wall -Os\n"));
    }

    @Test
    void aTsanBuildsTestProgramsEndWithTheirOwnExitCode() {
        var tsan = BuildLib.configuration(BuildLib.Library.MPICH, "dh_auto_configure -- --with-ucx\n", "", Map.of(), Map.of("CFLAGS", "-g -O2"), "x86_64-linux-gnu",
                Path.of("/p"), true);
        // configure's test programs are built with TSan: a report in gfortran's runtime failed MPICH's Fortran KIND check
        assertEquals("exitcode=0 report_bugs=0", tsan.environment().get("TSAN_OPTIONS"));
        assertEquals(null, BuildLib.configuration(BuildLib.Library.MPICH, "dh_auto_configure -- --with-ucx\n", "", Map.of(), Map.of("CFLAGS", "-g -O2"),
                "x86_64-linux-gnu", Path.of("/p"), false).environment().get("TSAN_OPTIONS"));
    }

    @Test
    void aTreeConfiguredWithTheSameArgumentsAndVariablesIsNotConfiguredAgain() {
        var c = new BuildLib.Configuration(List.of("--with-device=ch4:ucx", "CFLAGS=", "FFLAGS=-O2 -fallow-argument-mismatch",
                "--prefix=/cache/libs/x"), Map.of("MPICHLIB_CFLAGS", "-g -O1", "MPILIBNAME", "mpich"));
        // config.status --config: the arguments, then the precious variables configure took from the environment
        String recorded = "'--with-device=ch4:ucx' 'CFLAGS=' 'FFLAGS=-O2 -fallow-argument-mismatch' '--prefix=/cache/libs/x' "
                + "'MPICHLIB_CFLAGS=-g -O1' 'MPILIBNAME=mpich'\n";
        assertTrue(BuildLib.sameConfiguration(recorded, c));
        assertFalse(BuildLib.sameConfiguration(recorded.replace("-g -O1", "-g -O2"), c), "another flag in the environment");
        assertFalse(BuildLib.sameConfiguration(recorded.replace("ch4:ucx", "ch4:ofi"), c), "another option");
    }

    /** Records every command; runs none (a build step would be a failure of the test). */
    private static class RecordingTools implements BuildLib.Tools {
        final List<String> commands = new ArrayList<>();
        String offered;

        @Override
        public int run(List<String> cmd, Path dir, Map<String, String> env, Path log, Duration bound) {
            commands.add(String.join(" ", cmd));
            throw new AssertionError("ran " + cmd);
        }

        @Override
        public BuildLib.Output output(List<String> cmd, Path dir, Map<String, String> env) {
            commands.add(String.join(" ", cmd));
            return new BuildLib.Output(1, "not here");
        }
    }
}
