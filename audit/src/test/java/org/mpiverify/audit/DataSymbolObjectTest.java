package org.mpiverify.audit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.mpiverify.audit.race.Access;
import org.mpiverify.audit.race.Attributions;
import org.mpiverify.audit.race.Frame;
import org.mpiverify.audit.race.LibraryOffsets;
import org.mpiverify.audit.race.Race;

/**
 * A data symbol whose name several objects define ({@code lock.0}, a function-scope static, as in Open MPI's {@code
 * libopen-pal}, {@code mca_btl_vader.so} and {@code mca_pml_ucx.so}) is named with its object, and an attribution
 * that says the object holds only for that object's. Two shared libraries built here, each with its own {@code
 * static int lock} (GCC's {@code lock.0} in both), mapped at two made-up page-aligned addresses: a race whose accesses
 * are in library A's function and in library B's caller, on A's lock, is of A; on B's, of B; an address off the page
 * grid or a frame outside the function it names gives no object. Quick: two compiles with gcc, no MPI.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class DataSymbolObjectTest {
    private static final long BASE_A = 0x9346000L;
    private static final long BASE_B = 0x4c16000L;
    private static Path work;
    private static Path libA;
    private static Path libB;

    @BeforeAll
    static void build() throws Exception {
        work = AuditTesting.cWorkDir("datasym");
        libA = library("liba.so", "progress_a");
        libB = library("libb.so", "progress_b");
    }

    @AfterAll
    static void clean() throws Exception {
        AuditTesting.deleteTree(work);
    }

    /** A library whose function {@code fn} takes a function-scope static lock, GCC's {@code lock.0}. */
    private static Path library(String name, String fn) throws Exception {
        Path src = work.resolve(name + ".c");
        Files.writeString(src, """
                int %s(void) {
                    static int lock = 0;
                    if (__atomic_exchange_n(&lock, 1, __ATOMIC_RELAXED)) return 0;
                    lock = 0;
                    return 1;
                }
                """.formatted(fn));
        return AuditTesting.sharedLibrary(src, work.resolve(name), "-g", "-O1");
    }

    /** {@code nm -S}'s value of {@code symbol} in {@code lib}. */
    private static long value(Path lib, String symbol) throws Exception {
        Process p = new ProcessBuilder("/usr/bin/nm", "--defined-only", lib.toString()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(30, TimeUnit.SECONDS));
        Map<String, Long> m = new HashMap<>();
        for (String line : out.lines().toList()) {
            String[] w = line.trim().split("\\s+");
            if (w.length == 3) m.put(w[2], Long.parseUnsignedLong(w[0], 16));
        }
        assertTrue(m.containsKey(symbol), symbol + " in " + lib + ": " + out);
        return m.get(symbol);
    }

    /** A race on {@code address} between library A's function (its inlined helper first) and library B's. */
    private static Race race(long address, long ipA, long ipB) {
        Access a = new Access("Possible data race during write of size 4 at 0x" + Long.toHexString(address) + " by thread #3", 3,
                List.of(new Frame("0x" + Long.toHexString(ipA), libA.toString(), "opal_atomic_swap_32", "atomic.h", 117),
                        new Frame("0x" + Long.toHexString(ipA), libA.toString(), "progress_a", "liba.so.c", 3)));
        Access b = new Access("This conflicts with a previous write of size 4 by thread #2", 2,
                List.of(new Frame("0x" + Long.toHexString(ipB), libB.toString(), "progress_b", "libb.so.c", 4)));
        return new Race("helgrind", a, b, "Address 0x" + Long.toHexString(address) + " is 0 bytes inside data symbol \"lock.0\"",
                "test");
    }

    @Test
    void theLockIsOfTheObjectWhoseAddressesAgree() throws Exception {
        long ipA = BASE_A + value(libA, "progress_a") + 4;
        long ipB = BASE_B + value(libB, "progress_b") + 4;
        LibraryOffsets offsets = new LibraryOffsets();
        Race onA = race(BASE_A + value(libA, "lock.0"), ipA, ipB);
        Race onB = race(BASE_B + value(libB, "lock.0"), ipA, ipB);
        assertEquals(Optional.of(libA.toString()), offsets.dataSymbolObject(onA));
        assertEquals(Optional.of(libB.toString()), offsets.dataSymbolObject(onB));
        assertEquals(Optional.of("liba.so"), LibraryOffsets.objectOf(offsets.describe(onA)), offsets.describe(onA));
        assertEquals(Optional.of("libb.so"), LibraryOffsets.objectOf(offsets.describe(onB)), offsets.describe(onB));
        // no object where the evidence does not single one out
        assertEquals(Optional.empty(), offsets.dataSymbolObject(race(BASE_A + value(libA, "lock.0") + 8, ipA, ipB)),
                "an address whose load address would be off the page grid");
        long outside = BASE_A + value(libA, "progress_a") + 0x100000;
        assertEquals(Optional.empty(), offsets.dataSymbolObject(race(BASE_A + value(libA, "lock.0"), outside, outside)),
                "A's frames outside its function, and B's frame outside B's");
    }

    @Test
    void anAttributionWithAnObjectHoldsForThatObjectsSymbolOnly() throws Exception {
        Path root = work.resolve("repo");
        Files.createDirectories(root.resolve(Attributions.DIR));
        Files.writeString(Attributions.of(root, "x"), """
                {"about": "test", "causes": [{"id": "a-lock", "verdict": "race", "variable": "liba's lock",
                  "functions": ["progress_a"], "lock": "none", "reproduction": "none.c", "fixedIn": "no",
                  "where": [{"symbol": "lock.0", "bytesInside": 0, "object": "liba.so"}]}]}
                """);
        Attributions causes = Attributions.load(root, "x");
        long ipA = BASE_A + value(libA, "progress_a") + 4;
        long ipB = BASE_B + value(libB, "progress_b") + 4;
        LibraryOffsets offsets = new LibraryOffsets();
        assertEquals(Optional.of("a-lock"), causes.causeOf(offsets.describe(race(BASE_A + value(libA, "lock.0"), ipA, ipB)))
                .map(Attributions.Cause::id));
        assertEquals(Optional.empty(), causes.causeOf(offsets.describe(race(BASE_B + value(libB, "lock.0"), ipA, ipB))),
                "B's lock.0");
        assertEquals(Optional.empty(), causes.causeOf("Address 0x1000 is 0 bytes inside data symbol \"lock.0\""),
                "a lock.0 whose object is not known");
        assertEquals(Optional.of("a-lock"), causes.causeOf("Address 0x7f00 is 0 bytes inside data symbol \"lock.0\""
                + LibraryOffsets.objectNote("/some/where/liba.so")).map(Attributions.Cause::id), "TSan's words");
    }
}
