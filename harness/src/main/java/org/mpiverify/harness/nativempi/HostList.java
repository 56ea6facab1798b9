package org.mpiverify.harness.nativempi;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The hosts a native audit runs its ranks on ({@code --hosts FILE}), read in either launcher's syntax
 * (one host per line: {@code node1}, {@code node1:4} as Hydra writes it, or {@code node1 slots=4} as Open MPI
 * does; {@code #} starts a comment) and written back in the syntax of the library's own launcher. Ranks fill
 * the hosts in order, as many per host as it has slots (one when none is given).
 */
public record HostList(List<Host> hosts) {
    /** One host and how many ranks it takes. */
    public record Host(String name, int slots) {
        public Host {
            if (name.isBlank() || name.chars().anyMatch(Character::isWhitespace)) {
                throw new IllegalArgumentException("bad host name '" + name + "'");
            }
            if (slots < 1) throw new IllegalArgumentException("host " + name + " needs at least one slot, not " + slots);
        }
    }

    private static final Pattern LINE = Pattern.compile("(\\S+?)(?::(\\d+)|\\s+slots\\s*=\\s*(\\d+))?");

    public HostList {
        hosts = List.copyOf(hosts);
        if (hosts.isEmpty()) throw new IllegalArgumentException("the host list names no host");
    }

    /** Reads a host file; an unreadable file or a line in neither syntax is an IllegalArgumentException naming it. */
    public static HostList read(Path file) {
        List<String> lines;
        try {
            lines = Files.readAllLines(file);
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read the host file " + file + ": " + e.getMessage(), e);
        }
        return parse(lines, file.toString());
    }

    static HostList parse(List<String> lines, String source) {
        List<Host> hosts = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).replaceFirst("#.*", "").strip();
            if (line.isEmpty()) continue;
            Matcher m = LINE.matcher(line);
            if (!m.matches()) {
                throw new IllegalArgumentException(source + " line " + (i + 1) + ": '" + lines.get(i).strip()
                        + "' is neither 'host', 'host:slots' nor 'host slots=N'");
            }
            String slots = m.group(2) != null ? m.group(2) : m.group(3);
            try {
                hosts.add(new Host(m.group(1), slots == null ? 1 : Integer.parseInt(slots)));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(source + " line " + (i + 1) + ": " + e.getMessage(), e);
            }
        }
        if (hosts.isEmpty()) throw new IllegalArgumentException(source + " names no host");
        return new HostList(hosts);
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
