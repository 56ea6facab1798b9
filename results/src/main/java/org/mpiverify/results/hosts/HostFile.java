package org.mpiverify.results.hosts;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A host file ({@code --hosts FILE}), as every command that runs on several hosts reads it: one host per line, in
 * either MPI launcher's syntax ({@code node1}, {@code node1:4} as Hydra writes it, or {@code node1 slots=4} as Open
 * MPI does; {@code #} starts a comment). A host without slots has one. What a slot is belongs to the command: a
 * rank for the audit, a TLC worker thread for {@code tlc --distributed}.
 *
 * <p>Immutable, so safe to share between threads.
 */
public record HostFile(List<Host> hosts) {
    /** One host and how many slots it has. */
    public record Host(String name, int slots) {
        public Host {
            if (name.isBlank() || name.chars().anyMatch(Character::isWhitespace)) {
                throw new IllegalArgumentException("bad host name '" + name + "'");
            }
            if (slots < 1) throw new IllegalArgumentException("host " + name + " needs at least one slot, not " + slots);
        }

        /**
         * Whether the name is this machine's loopback ({@code localhost}, {@code 127.0.0.1}, {@code ::1}). Other
         * addresses of 127.0.0.0/8 are not: a test serves them with an sshd of its own to stand for other hosts.
         */
        public boolean isLoopback() {
            return name.equals("localhost") || name.equals("127.0.0.1") || name.equals("::1") || name.equals("[::1]");
        }
    }

    private static final Pattern LINE = Pattern.compile("(\\S+?)(?::(\\d+)|\\s+slots\\s*=\\s*(\\d+))?");

    public HostFile {
        hosts = List.copyOf(hosts);
        if (hosts.isEmpty()) throw new IllegalArgumentException("the host list names no host");
    }

    /** Reads a host file; an unreadable file or a line in neither syntax is an IllegalArgumentException naming it. */
    public static HostFile read(Path file) {
        List<String> lines;
        try {
            lines = Files.readAllLines(file);
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read the host file " + file + ": " + e.getMessage(), e);
        }
        return parse(lines, file.toString());
    }

    /** Parses the lines of a host file; {@code source} names it in error messages. */
    public static HostFile parse(List<String> lines, String source) {
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
        return new HostFile(hosts);
    }

    /** The slots of every host together. */
    public int slots() { return hosts.stream().mapToInt(Host::slots).sum(); }

    @Override
    public String toString() {
        return String.join(", ", hosts.stream().map(h -> h.name() + ":" + h.slots()).toList());
    }
}
