package org.mpiverify.harness.nativempi;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * Several "hosts" on this machine for the multi-host tests: an OpenSSH server of the test's own, listening on
 * loopback addresses {@code 127.0.0.2}, {@code 127.0.0.3}, ... (Linux routes all of {@code 127.0.0.0/8} to the
 * loopback device), with a key pair made for it, and an {@code ssh} wrapper that uses them. The libraries'
 * launchers take the wrapper as their remote shell ({@code HYDRA_LAUNCHER_EXEC}, {@code OMPI_MCA_plm_rsh_agent}),
 * so ranks start the way they start on a cluster: through ssh, by the launcher's remote path (Hydra's proxies,
 * Open MPI's orted), connecting back over TCP. Nothing of the user's own ssh set-up is touched.
 *
 * <p>Needs root (sshd) and Debian's {@code openssh-server} and {@code openssh-client}; {@link #unavailable} says
 * which is missing.
 */
final class LoopbackHosts implements AutoCloseable {
    private static final Path SSHD = Path.of("/usr/sbin/sshd");

    private final Path dir;
    private final Process sshd;
    private final List<String> addresses;

    private LoopbackHosts(Path dir, Process sshd, List<String> addresses) {
        this.dir = dir;
        this.sshd = sshd;
        this.addresses = addresses;
    }

    /** Why the hosts cannot be made here, or empty. */
    static Optional<String> unavailable() {
        if (!Files.isExecutable(SSHD)) return Optional.of("no " + SSHD + ": install it with: apt-get install openssh-server");
        if (onPath("ssh") == null || onPath("ssh-keygen") == null) {
            return Optional.of("no ssh or ssh-keygen: install them with: apt-get install openssh-client");
        }
        if (!"root".equals(System.getProperty("user.name"))) return Optional.of("sshd needs root to run for the test");
        return Optional.empty();
    }

    /** Starts sshd on {@code count} loopback addresses from 127.0.0.2 on and returns once it listens. */
    static LoopbackHosts start(int count) throws Exception {
        Path dir = Files.createTempDirectory("mpiverify-hosts-", PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        run(dir, "ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", dir.resolve("host_key").toString());
        run(dir, "ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", dir.resolve("client_key").toString());
        Files.copy(dir.resolve("client_key.pub"), dir.resolve("authorized_keys"));
        List<String> addresses = java.util.stream.IntStream.rangeClosed(2, count + 1).mapToObj(i -> "127.0.0." + i).toList();
        int port = freePort(addresses);
        StringBuilder cfg = new StringBuilder("Port " + port + "\n");
        for (String a : addresses) cfg.append("ListenAddress ").append(a).append('\n');
        cfg.append("HostKey ").append(dir.resolve("host_key")).append('\n')
           .append("AuthorizedKeysFile ").append(dir.resolve("authorized_keys")).append('\n')
           .append("PasswordAuthentication no\nKbdInteractiveAuthentication no\nPermitRootLogin prohibit-password\n")
           .append("StrictModes no\nUsePAM no\nPidFile ").append(dir.resolve("sshd.pid")).append('\n');
        Files.writeString(dir.resolve("sshd_config"), cfg);
        Files.writeString(dir.resolve("ssh_config"), "Host *\n  Port " + port + "\n  IdentityFile " + dir.resolve("client_key")
                + "\n  IdentitiesOnly yes\n  StrictHostKeyChecking no\n  UserKnownHostsFile /dev/null\n  BatchMode yes\n  LogLevel ERROR\n");
        Path ssh = dir.resolve("ssh");
        Files.writeString(ssh, "#!/bin/sh\nexec ssh -F " + dir.resolve("ssh_config") + " \"$@\"\n");
        Files.setPosixFilePermissions(ssh, PosixFilePermissions.fromString("rwx------"));
        Files.createDirectories(Path.of("/run/sshd")); // its privilege-separation folder, made by its init script elsewhere
        // -D: a child of the test, not a daemon; -e: its log on stderr, where "Server listening" says it is ready
        Process p = new ProcessBuilder(SSHD.toString(), "-D", "-e", "-f", dir.resolve("sshd_config").toString())
                .redirectErrorStream(true).start();
        p.getOutputStream().close();
        CompletableFuture<String> listening = new CompletableFuture<>();
        Thread.ofPlatform().daemon().name("sshd-log").start(() -> {
            StringBuilder log = new StringBuilder();
            int seen = 0;
            try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line; (line = r.readLine()) != null; ) {
                    log.append(line).append('\n');
                    if (line.contains("Server listening on") && ++seen == addresses.size()) listening.complete(log.toString());
                }
            } catch (IOException e) {
                // the stream ends with sshd
            }
            listening.completeExceptionally(new IllegalStateException("sshd ended before it listened:\n" + log));
        });
        try {
            listening.get(20, TimeUnit.SECONDS);
        } catch (Exception e) {
            p.destroyForcibly();
            throw e;
        }
        return new LoopbackHosts(dir, p, addresses);
    }

    List<String> addresses() { return addresses; }

    /** A host file naming each address once, in the given syntax ({@code "%s:1"} or {@code "%s slots=1"}). */
    Path hostFile(String format) throws IOException {
        StringBuilder sb = new StringBuilder("# loopback hosts of the multi-host test\n");
        for (String a : addresses) sb.append(String.format(format, a)).append('\n');
        return Files.writeString(dir.resolve("hosts.txt"), sb.toString());
    }

    /** What the library's launcher needs to start its remote parts through this test's ssh. */
    Map<String, String> launcherEnvironment(NativeAbi abi) {
        String ssh = dir.resolve("ssh").toString();
        return abi.id().equals("mpich") ? Map.of("HYDRA_LAUNCHER", "ssh", "HYDRA_LAUNCHER_EXEC", ssh)
                : Map.of("OMPI_MCA_plm_rsh_agent", ssh);
    }

    @Override
    public void close() throws Exception {
        sshd.destroy();
        if (!sshd.waitFor(10, TimeUnit.SECONDS)) sshd.destroyForcibly();
        try (var files = Files.walk(dir)) {
            files.sorted(java.util.Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
        }
    }

    private static int freePort(List<String> addresses) throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getByName(addresses.getFirst()))) {
            return s.getLocalPort();
        }
    }

    private static void run(Path dir, String... cmd) throws Exception {
        Process p = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(20, TimeUnit.SECONDS) || p.exitValue() != 0) throw new IllegalStateException(String.join(" ", cmd) + ": " + out);
    }

    private static Path onPath(String tool) {
        for (String d : System.getenv().getOrDefault("PATH", "").split(java.io.File.pathSeparator)) {
            Path p = Path.of(d, tool);
            if (Files.isExecutable(p)) return p;
        }
        return null;
    }
}
