package org.mpiverify.harness.nativempi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** Host files in either launcher's syntax, and written back in the library's own. */
@Timeout(10)
class HostListTest {
    @Test
    void eitherSyntaxWithCommentsAndDefaults() {
        HostList h = HostList.parse(List.of("# nodes", "node1", "node2:4   # Hydra", "node3 slots=2", "", "  node4 slots = 3 "), "f");
        assertEquals(List.of(new HostList.Host("node1", 1), new HostList.Host("node2", 4), new HostList.Host("node3", 2),
                new HostList.Host("node4", 3)), h.hosts());
        assertEquals(10, h.slots());
    }

    @Test
    void writtenInTheLaunchersOwnSyntax(@TempDir Path dir) throws Exception {
        HostList h = HostList.parse(List.of("a:2", "b"), "f");
        assertEquals("a:2\nb:1\n", Files.readString(h.writeFor(NativeAbi.forLibrary("mpich"), dir)));
        assertEquals("a slots=2\nb slots=1\n", Files.readString(h.writeFor(NativeAbi.forLibrary("openmpi"), dir)));
        assertEquals(List.of("-f", dir.resolve("hosts").toString()), NativeAbi.forLibrary("mpich").hostFileOptions(dir.resolve("hosts")));
        assertEquals(List.of("--hostfile", dir.resolve("hosts").toString()), NativeAbi.forLibrary("openmpi").hostFileOptions(dir.resolve("hosts")));
    }

    @Test
    void badLinesAndEmptyListsAreClearErrors(@TempDir Path dir) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> HostList.parse(List.of("a", "b max_slots=2"), "hosts.txt"));
        assertTrue(e.getMessage().contains("hosts.txt line 2") && e.getMessage().contains("'b max_slots=2'"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> HostList.parse(List.of("a:0"), "hosts.txt"));
        assertTrue(e.getMessage().contains("at least one slot"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> HostList.parse(List.of("# none"), "hosts.txt"));
        assertTrue(e.getMessage().contains("names no host"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> HostList.read(dir.resolve("missing")));
        assertTrue(e.getMessage().contains("cannot read the host file"), e.getMessage());
    }

    @Test
    void theCommandGivesTheLauncherTheHostFileAndTheRanksReportThroughTheirOutput() {
        NativeAbi abi = NativeAbi.forLibrary("openmpi");
        NativeTarget t = NativeTarget.of(abi, NativeLaunch.debian(abi).withHosts(HostList.parse(List.of("a", "b"), "f")));
        Path out = Path.of("/tmp/run");
        List<String> cmd = t.command(new CommunicatorScenario(), out);
        int at = cmd.indexOf("--hostfile");
        assertTrue(at > 0 && cmd.get(at + 1).equals(out.resolve("hosts").toString()) && at < cmd.indexOf("-n"), cmd.toString());
        assertEquals("stdout", cmd.get(cmd.indexOf("--report") + 1));
        assertTrue(Long.parseLong(cmd.get(cmd.indexOf("--dump-after") + 1)) > new CommunicatorScenario().deadline().toMillis(), cmd.toString());
        assertTrue(!NativeTarget.openmpi().command(new CommunicatorScenario(), out).contains("--report"), "on this host: files");
        // Open MPI's mpirun cuts and mixes lines of ranks writing at once: each rank's stream is kept whole in files too
        int streams = cmd.indexOf("--output-filename");
        assertTrue(streams > 0 && cmd.get(streams + 1).equals(out.resolve("rank-output").toString())
                && streams < cmd.indexOf("-n"), cmd.toString());
        assertTrue(!NativeTarget.openmpi().command(new CommunicatorScenario(), out).contains("--output-filename"), "on this host: files");
        NativeAbi mpich = NativeAbi.forLibrary("mpich");
        List<String> hydra = NativeTarget.of(mpich, NativeLaunch.debian(mpich).withHosts(HostList.parse(List.of("a", "b"), "f")))
                .command(new CommunicatorScenario(), out);
        assertTrue(!hydra.contains("--output-filename"), "Hydra forwards whole lines: " + hydra);
    }
}
