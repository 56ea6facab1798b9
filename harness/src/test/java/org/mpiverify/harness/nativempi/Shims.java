package org.mpiverify.harness.nativempi;

import static org.junit.jupiter.api.Assertions.fail;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Libraries that break the binding's assumptions on purpose, for the tests: a C file of
 * {@code src/test/resources/abi-shims} overrides a few MPI functions and is linked over MPICH or Open MPI, whose
 * {@code PMPI_} functions do the real work; everything it does not define comes from the library under it.
 */
final class Shims {
    static final Map<String, Path> MPICC = Map.of("mpich", Path.of("/usr/bin/mpicc.mpich"), "openmpi", Path.of("/usr/bin/mpicc.openmpi"));

    private Shims() { }

    /** The shim {@code name} built over library {@code id} in {@code dir} (once; later calls return the same file). */
    static Path build(Path dir, String id, String name) throws Exception {
        Path so = dir.resolve("lib" + name + "-" + id + ".so");
        if (Files.exists(so)) return so;
        Path src = dir.resolve(name + ".c");
        try (var in = Shims.class.getResourceAsStream("/abi-shims/" + name + ".c")) {
            if (in == null) fail("no shim source /abi-shims/" + name + ".c");
            Files.copy(in, src, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        }
        // --no-as-needed: a shim that calls nothing of the library must still depend on it, for the rest of its symbols
        Process p = new ProcessBuilder(MPICC.get(id).toString(), "-shared", "-fPIC", "-Wl,--no-as-needed", "-o", so.toString(),
                src.toString()).redirectErrorStream(true).start();
        String log = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) fail("cannot build the shim " + name + ": " + log);
        return so;
    }
}
