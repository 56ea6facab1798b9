package org.mpiverify.audit.buildlib;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * build-lib's plan, without building: the configure options are the distribution's recorded ones but the installation
 * paths (one prefix in the cache instead) and Open MPI's Java bindings, with {@code -g}, and TSan's flags when asked.
 */
class BuildLibTest {
    /** The first options of MPICH 4.0.2's "MPICH configure:" line in Debian (mpichversion), flags with spaces included. */
    private static final String MPICH = "--build=x86_64-linux-gnu --prefix=/usr --includedir=${prefix}/include "
            + "--libdir=${prefix}/lib/x86_64-linux-gnu --disable-maintainer-mode --with-ucx=/usr --with-device=ch4:ucx "
            + "--with-pm=hydra --enable-shared --prefix=/usr --enable-fortran=all --sysconfdir=/etc/mpich CPPFLAGS= CFLAGS= "
            + "FFLAGS=-O2 -ffile-prefix-map=/build/mpich-1NaQGN/mpich-4.0.2=. -fstack-protector-strong BASH_SHELL=/bin/bash";
    /** Open MPI 4.1.4's "Configure command line:" (ompi_info), quoted. */
    private static final String OPENMPI = "'--build=x86_64-linux-gnu' '--prefix=/usr' '--with-ucx' "
            + "'--with-pmix=/usr/lib/x86_64-linux-gnu/pmix2' '--with-jdk-dir=/usr/lib/jvm/default-java' '--enable-mpi-java' "
            + "'--with-libevent=external' '--sysconfdir=/etc/openmpi' '--libdir=${prefix}/lib/x86_64-linux-gnu/openmpi/lib'";

    @Test
    void mpichKeepsTheDistributionsOptionsButThePaths() {
        Path prefix = Path.of("/cache/libs/mpich-4.0.2-3/install");
        assertEquals(List.of("--build=x86_64-linux-gnu", "--disable-maintainer-mode", "--with-ucx=/usr",
                "--with-device=ch4:ucx", "--with-pm=hydra", "--enable-shared", "--enable-fortran=all",
                "--prefix=" + prefix, "CFLAGS=-g -O2", "CXXFLAGS=-g -O2"), BuildLib.configure(MPICH, prefix, false));
    }

    @Test
    void openMpiLeavesOutItsJavaBindingsAndTsanAddsItsFlags() {
        Path prefix = Path.of("/cache/libs/openmpi-4.1.4-3-tsan/install");
        List<String> c = BuildLib.configure(OPENMPI, prefix, true);
        assertEquals(List.of("--build=x86_64-linux-gnu", "--with-ucx", "--with-pmix=/usr/lib/x86_64-linux-gnu/pmix2",
                "--with-libevent=external", "--prefix=" + prefix, "CFLAGS=-g -O2 -fsanitize=thread",
                "CXXFLAGS=-g -O2 -fsanitize=thread", "LDFLAGS=-fsanitize=thread"), c);
    }

    @Test
    void thePlanOfTheInstalledMpichIsItsVersionInTheCache() throws Exception {
        Assumptions.assumeTrue(Files.isExecutable(Path.of("/usr/bin/mpichversion")), "MPICH is not installed");
        Path cache = Path.of("/nonexistent-cache");
        BuildLib.Plan p = BuildLib.plan("mpich", false, cache);
        assertEquals("mpich", p.sourcePackage());
        assertTrue(p.version().startsWith("4.0.2"), p.version());
        assertEquals(cache.resolve("libs/mpich-" + p.version() + "/install"), p.prefix());
        assertTrue(p.configure().contains("--with-device=ch4:ucx"), p.configure().toString());
        assertFalse(p.configure().stream().anyMatch(o -> o.startsWith("--libdir")), p.configure().toString());
        assertEquals("--lib " + p.prefix() + "/lib/libmpich.so.12 --mpiexec " + p.prefix() + "/bin/mpiexec", p.auditOptions());
    }
}
