package org.mpiverify.results.hosts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** Host files in either launcher's syntax, with comments, default slots and errors that name the line. */
@Timeout(10)
class HostFileTest {
    @Test
    void eitherSyntaxWithCommentsAndDefaults() {
        HostFile h = HostFile.parse(List.of("# nodes", "node1", "node2:4   # Hydra", "node3 slots=2", "", "  node4 slots = 3 "), "f");
        assertEquals(List.of(new HostFile.Host("node1", 1), new HostFile.Host("node2", 4), new HostFile.Host("node3", 2),
                new HostFile.Host("node4", 3)), h.hosts());
        assertEquals(10, h.slots());
        assertEquals("node1:1, node2:4, node3:2, node4:3", h.toString());
    }

    @Test
    void badLinesAndEmptyListsAreClearErrors(@TempDir Path dir) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> HostFile.parse(List.of("a", "b max_slots=2"), "hosts.txt"));
        assertTrue(e.getMessage().contains("hosts.txt line 2") && e.getMessage().contains("'b max_slots=2'"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> HostFile.parse(List.of("a:0"), "hosts.txt"));
        assertTrue(e.getMessage().contains("hosts.txt line 1: host a needs at least one slot"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> HostFile.parse(List.of("# none"), "hosts.txt"));
        assertEquals("hosts.txt names no host", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> HostFile.read(dir.resolve("missing")));
        assertTrue(e.getMessage().startsWith("cannot read the host file " + dir.resolve("missing")), e.getMessage());
    }

    @Test
    void onlyThisMachinesOwnNamesAreLoopback() {
        assertTrue(new HostFile.Host("localhost", 1).isLoopback());
        assertTrue(new HostFile.Host("127.0.0.1", 1).isLoopback());
        assertTrue(new HostFile.Host("::1", 1).isLoopback());
        // 127.0.0.2 routes to the loopback device too, but a test serves it with its own sshd to stand for another host
        assertFalse(new HostFile.Host("127.0.0.2", 1).isLoopback());
        assertFalse(new HostFile.Host("node1", 1).isLoopback());
    }
}
