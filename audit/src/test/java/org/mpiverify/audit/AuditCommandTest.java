package org.mpiverify.audit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.mpiverify.audit.run.AuditCommand;
import org.mpiverify.audit.run.AuditTargets;
import org.mpiverify.harness.nativempi.NativeAbi;
import org.mpiverify.results.Console;

/**
 * The audit command's handling of a library given by path: one the ABI check refuses is a usage error (2) that
 * names the refusal, before anything runs (the checks themselves are the harness's {@code NativeAbiCheckTest}).
 */
@Timeout(120)
class AuditCommandTest {
    private static final Path LIB = Path.of("/usr/lib/x86_64-linux-gnu");

    @Test
    void theAuditCommandRefusesAWrongLibraryAsAUsageError() {
        for (String id : List.of("mpich", "openmpi")) {
            AuditTesting.requireAvailable(NativeAbi.forLibrary(id).unavailable());
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream(), err = new ByteArrayOutputStream();
        int code = AuditCommand.run(new AuditCommand.Options("mpich", List.of("init-thread-level"), 1, false, false,
                new AuditTargets.NativeOptions(LIB.resolve("libmpi.so.40"), Path.of("/usr/bin/mpiexec.openmpi"), null, Map.of()),
                false), Console.of(new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8)));
        assertEquals(2, code, err.toString(StandardCharsets.UTF_8));
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("audit mpich: not available: refused " + LIB.resolve("libmpi.so.40")),
                err.toString(StandardCharsets.UTF_8));
        assertTrue(!out.toString(StandardCharsets.UTF_8).contains("runs planned"), "nothing ran: " + out);
    }
}
