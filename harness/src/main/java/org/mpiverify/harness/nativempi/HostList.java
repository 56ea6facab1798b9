package org.mpiverify.harness.nativempi;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.mpiverify.results.hosts.HostFile;

/**
 * The hosts a native audit runs its ranks on ({@code --hosts FILE}), read in either launcher's syntax
 * (one host per line: {@code node1}, {@code node1:4} as Hydra writes it, or {@code node1 slots=4} as Open MPI
 * does; {@code #} starts a comment) and written back in the syntax of the library's own launcher. Ranks fill
 * the hosts in order, as many per host as it has slots (one when none is given). The format, its checks and its
 * error messages are {@link HostFile}'s, which {@code tlc --distributed} reads too.
 */
public record HostList(List<Host> hosts) {
    /** One host and how many ranks it takes (checked as {@link HostFile.Host} checks it). */
    public record Host(String name, int slots) {
        public Host {
            new HostFile.Host(name, slots);
        }
    }

    public HostList {
        hosts = List.copyOf(hosts);
        if (hosts.isEmpty()) throw new IllegalArgumentException("the host list names no host");
    }

    /** Reads a host file; an unreadable file or a line in neither syntax is an IllegalArgumentException naming it. */
    public static HostList read(Path file) {
        return of(HostFile.read(file));
    }

    static HostList parse(List<String> lines, String source) {
        return of(HostFile.parse(lines, source));
    }

    /** The ranks' hosts of a host file. */
    public static HostList of(HostFile file) {
        return new HostList(file.hosts().stream().map(h -> new Host(h.name(), h.slots())).toList());
    }

    /** Ranks the hosts can take at once. */
    public int slots() { return hosts.stream().mapToInt(Host::slots).sum(); }

    /** Writes the list in the launcher's own syntax into {@code dir} and returns the file. */
    public Path writeFor(NativeAbi abi, Path dir) throws IOException {
        StringBuilder sb = new StringBuilder();
        for (Host h : hosts) sb.append(abi.hostFileLine(h.name(), h.slots())).append('\n');
        return Files.writeString(dir.resolve("hosts"), sb.toString());
    }

    @Override
    public String toString() {
        return String.join(", ", hosts.stream().map(h -> h.name() + ":" + h.slots()).toList());
    }
}
