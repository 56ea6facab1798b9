package org.mpiverify.audit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.mpiverify.audit.race.Access;
import org.mpiverify.audit.race.Frame;
import org.mpiverify.audit.race.ObjectSymbolizer;
import org.mpiverify.audit.race.Race;

/**
 * A frame TSan printed as {@code <null> <null> (libbump.so+0x...)}, an object opened by its bare name, is named from
 * the object found under the library's folder: its function, file and line, as the source says; a frame whose object
 * is under no folder given, or one already named, is left as it was. Quick: one compile with gcc, no MPI.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ObjectSymbolizerTest {
    private static Path work;
    private static Path lib;

    @BeforeAll
    static void build() throws Exception {
        work = AuditTesting.cWorkDir("symbolizer");
        Path components = Files.createDirectories(work.resolve("lib/components"));
        Path src = work.resolve("bump.c");
        Files.writeString(src, """
                static int counter;
                int bump(void) {
                    return ++counter;
                }
                """, StandardCharsets.UTF_8);
        lib = components.resolve("libbump.so");
        AuditTesting.sharedLibrary(src, lib, "-g", "-O0");
    }

    @AfterAll
    static void clean() throws Exception {
        AuditTesting.deleteTree(work);
    }

    private static String run(String... cmd) throws Exception {
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(30, TimeUnit.SECONDS) || p.exitValue() != 0) throw new IllegalStateException(String.join(" ", cmd) + ": " + out);
        return out;
    }

    /** {@code symbol}'s offset in the library, plus {@code past} bytes. */
    private static String offsetOf(String symbol, int past) throws Exception {
        for (String l : run("/usr/bin/nm", lib.toString()).lines().toList()) {
            String[] f = l.trim().split("\\s+");
            if (f.length == 3 && f[2].equals(symbol)) return "0x" + Long.toHexString(Long.parseLong(f[0], 16) + past);
        }
        throw new IllegalStateException("no " + symbol + " in " + lib);
    }

    /** {@code bump}'s offset in the library, plus {@code past} bytes: an address inside the function. */
    private static String offsetOfBump(int past) throws Exception {
        return offsetOf("bump", past);
    }

    private static Race race(Frame top) {
        return race(top, "");
    }

    private static Race race(Frame top, String variable) {
        Frame caller = new Frame("0x1149", "scenario", "main", "scenario.c", 12);
        Access a = new Access("Write of size 4 at 0x7f00 by thread T1", 1, List.of(top, caller));
        Access b = new Access("Previous write of size 4 at 0x7f00 by thread T2", 2, List.of(top, caller));
        return new Race("tsan", a, b, variable, "bump (rank 0)");
    }

    @Test
    void aGlobalOfSuchAnObjectIsNamedFromItsSymbolTableWithItsObject() throws Exception {
        String line = "Location is global '<null>' at 0x000000000000 (libbump.so+" + offsetOf("counter", 0) + ")";
        Frame unnamed = new Frame(offsetOfBump(13), "libbump.so", null, null, 0);
        String v = new ObjectSymbolizer(List.of(work.resolve("lib"))).name(List.of(race(unnamed, line))).get(0).variable();
        assertEquals("Address 0x7f00 is 0 bytes inside data symbol \"counter\" (a data symbol of libbump.so); " + line, v);
    }

    @Test
    void aFrameOfAnObjectOpenedByItsBareNameIsNamedFromTheObjectUnderTheLibrarysFolder() throws Exception {
        Frame unnamed = new Frame(offsetOfBump(13), "libbump.so", null, null, 0);
        List<Race> named = new ObjectSymbolizer(List.of(work.resolve("lib"))).name(List.of(race(unnamed)));
        Frame top = named.get(0).first().stack().get(0);
        assertEquals("bump", top.fn(), "the function at the offset");
        assertEquals("bump.c", top.file());
        assertEquals(3, top.line(), "the line of ++counter: the offset is its store");
        assertEquals("libbump.so", top.obj(), "the object as TSan named it");
        assertEquals("main", named.get(0).first().stack().get(1).fn(), "a named frame is kept");
        assertEquals("bump", named.get(0).second().stack().get(0).fn(), "both sides");
    }

    @Test
    void anObjectUnderNoFolderGivenStaysUnnamed() throws Exception {
        Frame unnamed = new Frame(offsetOfBump(13), "libbump.so", null, null, 0);
        List<Race> named = new ObjectSymbolizer(List.of(work.resolve("elsewhere"))).name(List.of(race(unnamed)));
        assertNull(named.get(0).first().stack().get(0).fn());
    }
}
