package org.mpiverify.audit.run;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.mpiverify.harness.launch.AuditTarget;
import org.mpiverify.harness.launch.JvmOptions;
import org.mpiverify.harness.mpj.MpjTarget;
import org.mpiverify.harness.nativempi.HostList;
import org.mpiverify.harness.nativempi.NativeAbi;
import org.mpiverify.harness.nativempi.NativeLaunch;
import org.mpiverify.harness.nativempi.NativeTarget;
import org.mpiverify.harness.nativempi.Transport;
import org.mpiverify.locks.command.LocksOption;

/**
 * The registry of audit targets by command-line id. Each entry gives the target's columns
 * (configurations), its implementation name, whether it can run here, and the library versions for
 * the provenance block.
 */
public final class AuditTargets {
    /** Every id the command line accepts, in report order. */
    public static final List<String> IDS = List.of("core", "mpich", "mpich-tcp", "openmpi", "openmpi-tcp", "mpj-multicore",
            "mpj-niodev");

    /** The native targets, by their ABI family's id with {@code -tcp} for the TCP transport. */
    public static final List<String> NATIVE_IDS = List.of("mpich", "mpich-tcp", "openmpi", "openmpi-tcp");

    /**
     * Where the native targets find their library and run their ranks ({@code --lib}, {@code --mpiexec},
     * {@code --hosts}); null fields keep the defaults (the Debian library and its launcher, this machine). Also
     * environment for the launchers (tests give one an ssh of their own).
     */
    public record NativeOptions(Path library, Path mpiexec, Path hosts, Map<String, String> launcherEnvironment) {
        public static final NativeOptions DEFAULTS = new NativeOptions(null, null, null, Map.of());

        public NativeOptions {
            launcherEnvironment = Map.copyOf(launcherEnvironment);
        }

        boolean isDefault() { return library == null && mpiexec == null && hosts == null && launcherEnvironment.isEmpty(); }

        /** How a target of {@code abi}'s family launches, over {@code transport}. */
        NativeLaunch launch(NativeAbi abi, Transport transport) {
            NativeLaunch l = library != null ? NativeLaunch.byPath(abi, library, mpiexec)
                    : mpiexec != null ? new NativeLaunch(abi.libraryFile(), mpiexec.toAbsolutePath().normalize(), false,
                            Transport.DEFAULT, null, Map.of())
                    : NativeLaunch.debian(abi);
            l = l.withTransport(transport).withLauncherEnvironment(launcherEnvironment);
            return hosts != null ? l.withHosts(HostList.read(hosts)) : l;
        }
    }

    /** A registered target. */
    public record Entry(String id, String implementation, List<AuditColumn> columns, Optional<String> unavailable,
                        Map<String, String> versions) { }

    private AuditTargets() { }

    /**
     * The target with this id; an unknown id is an IllegalArgumentException that lists the known ones. A
     * known target not built into this version is returned with {@code unavailable} saying so.
     */
    public static Entry byId(String id, boolean full) {
        return byId(id, full, null);
    }

    /**
     * As {@link #byId(String, boolean)}, with the lock auditor in the JVMs the MPJ Express targets start
     * ({@code locks} may be null). The core's audit gets it by running in a child JVM under the agent
     * ({@link AuditCommand}); native libraries have no Java locks to watch.
     */
    public static Entry byId(String id, boolean full, LocksOption locks) {
        return byId(id, full, locks, NativeOptions.DEFAULTS);
    }

    /**
     * As {@link #byId(String, boolean, LocksOption)}, with the native targets' library, launcher and hosts. Options
     * for a native library given to another target are an IllegalArgumentException.
     */
    public static Entry byId(String id, boolean full, LocksOption locks, NativeOptions nativeOptions) {
        if (NATIVE_IDS.contains(id)) return nativeEntry(id, nativeOptions);
        if (!nativeOptions.isDefault() && IDS.contains(id)) {
            throw new IllegalArgumentException("--lib, --mpiexec and --hosts apply to the native targets ("
                    + String.join(", ", NATIVE_IDS) + "), not to " + id);
        }
        return switch (id) {
            case "core" -> new Entry("core", "mpiverify core 0.1.0", CoreColumns.configurations(full), Optional.empty(),
                    Map.of());
            case "mpj-multicore" -> single(MpjTarget.multicore(lockAuditor(locks, id)), "MPJ Express");
            case "mpj-niodev" -> single(MpjTarget.niodev(lockAuditor(locks, id)), "MPJ Express");
            default -> throw new IllegalArgumentException("unknown audit target '" + id + "'; known: "
                    + String.join(", ", IDS) + ", all");
        };
    }

    /**
     * The lock auditor in every JVM an MPJ Express target starts, each reporting as {@code audit-<target>/<name>}
     * under {@code locks}' folder ({@code locks} null: nothing).
     */
    private static JvmOptions lockAuditor(LocksOption locks, String targetId) {
        return locks == null ? JvmOptions.NONE
                : name -> List.of(locks.javaAgentArgument(LocksOption.MPJ_WATCH, "mpj", "audit-" + targetId + "/" + name));
    }

    /**
     * MPICH or Open MPI, over its default transport or TCP: one column. The provenance names the library file when
     * one was given, and for TCP what the transport check saw.
     */
    private static Entry nativeEntry(String id, NativeOptions options) {
        boolean tcp = id.endsWith("-tcp");
        NativeAbi abi = NativeAbi.forLibrary(tcp ? id.substring(0, id.length() - 4) : id);
        NativeTarget target = NativeTarget.of(abi, options.launch(abi, tcp ? Transport.TCP : Transport.DEFAULT));
        Entry e = single(target, abi.displayName() + (tcp ? " over TCP" : ""));
        if (e.unavailable().isPresent()) return e;
        Map<String, String> versions = new java.util.LinkedHashMap<>(e.versions());
        if (target.launch().byPath()) versions.put(abi.displayName() + " library file", target.launch().library().toString());
        target.launch().hostList().ifPresent(h -> versions.put("hosts", h.toString()));
        if (tcp) versions.put(abi.displayName() + " over TCP, checked", target.transportEvidence());
        return new Entry(e.id(), e.implementation(), e.columns(), e.unavailable(), Map.copyOf(versions));
    }

    /** A library target: one column; its description (with the version it reports) is asked only if it is installed. */
    private static Entry single(AuditTarget target, String library) {
        Optional<String> missing = target.unavailable();
        String implementation = missing.isPresent() ? library : target.describe();
        return new Entry(target.id(), implementation, List.of(AuditColumn.single(target)), missing,
                missing.isPresent() ? Map.of() : Map.of(library, implementation));
    }
}
