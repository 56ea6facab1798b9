package org.mpiverify.audit.run;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.mpiverify.audit.core.CoreTarget;
import org.mpiverify.audit.locks.LocksOption;
import org.mpiverify.audit.mpj.MpjTarget;
import org.mpiverify.audit.nativempi.NativeTarget;
import org.mpiverify.audit.target.AuditTarget;

/**
 * The registry of audit targets by command-line id. Each entry gives the target's columns
 * (configurations), its implementation name, whether it can run here, and the library versions for
 * the provenance block.
 */
public final class AuditTargets {
    /** Every id the command line accepts, in report order. */
    public static final List<String> IDS = List.of("core", "mpich", "openmpi", "mpj-multicore", "mpj-niodev");

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
        return switch (id) {
            case "core" -> new Entry("core", "mpiverify core 0.1.0", CoreTarget.configurations(full), Optional.empty(),
                    Map.of());
            case "mpich" -> single(NativeTarget.mpich(), "MPICH");
            case "openmpi" -> single(NativeTarget.openmpi(), "Open MPI");
            case "mpj-multicore" -> single(MpjTarget.multicore(locks), "MPJ Express");
            case "mpj-niodev" -> single(MpjTarget.niodev(locks), "MPJ Express");
            default -> throw new IllegalArgumentException("unknown audit target '" + id + "'; known: "
                    + String.join(", ", IDS) + ", all");
        };
    }

    /** A library target: one column; its description (with the version it reports) is asked only if it is installed. */
    private static Entry single(AuditTarget target, String library) {
        Optional<String> missing = target.unavailable();
        String implementation = missing.isPresent() ? library : target.describe();
        return new Entry(target.id(), implementation, List.of(AuditColumn.single(target)), missing,
                missing.isPresent() ? Map.of() : Map.of(library, implementation));
    }
}
