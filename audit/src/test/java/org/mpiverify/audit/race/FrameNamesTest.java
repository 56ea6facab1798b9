package org.mpiverify.audit.race;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Unnamed frames are counted per object, Valgrind's preload left out, and a race counts once however many it has. */
class FrameNamesTest {
    private static Frame named(String fn, String obj) {
        return new Frame("0x1", "/usr/lib/" + obj, fn, null, 0);
    }

    private static Frame unnamed(String obj) {
        return new Frame("0x2", "/usr/lib/" + obj, null, null, 0);
    }

    @Test
    void countsPerObjectAndPerRace() {
        Race stripped = new Race("helgrind",
                new Access("read", 2, List.of(unnamed("libmpich.so.12"), unnamed("libmpich.so.12"), named("PMPI_Recv", "libmpich.so.12"),
                        unnamed("vgpreload_helgrind-amd64-linux.so"))),
                new Access("write", 3, List.of(named("PMPI_Send", "libmpich.so.12"), unnamed("libucs.so.0"))), "", "t");
        Race withSymbols = new Race("helgrind",
                new Access("read", 2, List.of(named("MPIDI_UCX_progress", "libmpich.so.12"), named("PMPI_Recv", "libmpich.so.12"))),
                null, "", "t");
        FrameNames n = FrameNames.of(List.of(stripped, withSymbols));
        assertEquals(2, n.races());
        assertEquals(1, n.racesWithUnnamed());
        assertEquals(List.of(6, 2), List.of(n.byObject().get("libmpich.so.12")[0], n.byObject().get("libmpich.so.12")[1]));
        assertEquals(false, n.byObject().containsKey("vgpreload_helgrind-amd64-linux.so"));
        assertEquals("1 of 2 distinct races have a frame without a function name (`???`); libmpich.so.12: 2 of 6 frames; "
                + "libucs.so.0: 1 of 1 frames.", n.describe());
    }
}
