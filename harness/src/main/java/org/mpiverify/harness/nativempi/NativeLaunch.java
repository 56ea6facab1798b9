package org.mpiverify.harness.nativempi;

import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

/**
 * Where a native library is and how its jobs start: the shared library the ranks load, the {@code mpiexec}
 * that starts them, the transport between them, the hosts they run on, and environment for the launcher (an
 * ssh of one's own for its remote starts, say: Hydra reads {@code HYDRA_LAUNCHER_EXEC}, Open MPI
 * {@code OMPI_MCA_plm_rsh_agent}). On several hosts every path must be the same on each of them.
 *
 * @param library             the library file ({@code --lib}); the Debian one by default
 * @param mpiexec             its launcher ({@code --mpiexec}); the Debian one by default
 * @param byPath              whether the user named the library ({@code --lib}): reports then say which file
 * @param transport           one audit column
 * @param hosts               the hosts ({@code --hosts}), or null for this machine alone
 * @param launcherEnvironment added to the launcher's environment (and so to the ranks')
 */
public record NativeLaunch(Path library, Path mpiexec, boolean byPath, Transport transport, HostList hosts,
                           Map<String, String> launcherEnvironment) {
    public NativeLaunch {
        launcherEnvironment = Map.copyOf(launcherEnvironment);
    }

    /** The Debian-packaged library of this ABI, on this machine, with the library's default transport. */
    public static NativeLaunch debian(NativeAbi abi) {
        return new NativeLaunch(abi.libraryFile(), abi.mpiexec(), false, Transport.DEFAULT, null, Map.of());
    }

    public NativeLaunch withTransport(Transport t) {
        return new NativeLaunch(library, mpiexec, byPath, t, hosts, launcherEnvironment);
    }

    public NativeLaunch withHosts(HostList h) {
        return new NativeLaunch(library, mpiexec, byPath, transport, h, launcherEnvironment);
    }

    public NativeLaunch withLauncherEnvironment(Map<String, String> env) {
        return new NativeLaunch(library, mpiexec, byPath, transport, hosts, env);
    }

    public Optional<HostList> hostList() { return Optional.ofNullable(hosts); }

    /**
     * A library given by path: its launcher is {@code mpiexec} if given, else the {@code mpiexec} in the
     * {@code bin} folder beside the library's {@code lib} folder (as an installation prefix lays them out), else,
     * for the Debian library itself, Debian's launcher. Neither found is an IllegalArgumentException asking for
     * {@code --mpiexec}.
     */
    public static NativeLaunch byPath(NativeAbi abi, Path library, Path mpiexec) {
        Path lib = library.toAbsolutePath().normalize();
        Path launcher = mpiexec != null ? mpiexec : launcherFor(abi, lib);
        return new NativeLaunch(lib, launcher.toAbsolutePath().normalize(), true, Transport.DEFAULT, null, Map.of());
    }

    private static Path launcherFor(NativeAbi abi, Path lib) {
        Path dir = lib.getParent();
        Path prefix = dir == null ? null : dir.getParent();
        if (prefix != null && java.nio.file.Files.isExecutable(prefix.resolve("bin/mpiexec"))) return prefix.resolve("bin/mpiexec");
        if (sameFile(lib, abi.libraryFile())) return abi.mpiexec();
        throw new IllegalArgumentException("no mpiexec found for " + lib + " (looked for "
                + (prefix == null ? "bin/mpiexec beside it" : prefix.resolve("bin/mpiexec")) + "): give it with --mpiexec PATH");
    }

    private static boolean sameFile(Path a, Path b) {
        try {
            return java.nio.file.Files.exists(a) && java.nio.file.Files.exists(b) && java.nio.file.Files.isSameFile(a, b);
        } catch (java.io.IOException e) {
            return false;
        }
    }
}
