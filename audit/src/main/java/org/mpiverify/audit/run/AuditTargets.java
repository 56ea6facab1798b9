package org.mpiverify.audit.run;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.mpiverify.audit.core.CoreTarget;

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
        return switch (id) {
            case "core" -> new Entry("core", "mpiverify core 0.1.0", CoreTarget.configurations(full), Optional.empty(),
                    Map.of());
            // Registered at merge: the native targets are
            //   org.mpiverify.audit.nativempi.NativeTarget.mpich() and .openmpi() (branch audit-native),
            // the MPJ Express ones org.mpiverify.audit.mpj.MpjTarget.multicore() and .niodev() (branch audit-mpj).
            // Each is one column: List.of(AuditColumn.single(target)), unavailable() from the target itself.
            case "mpich" -> notBuilt(id, "MPICH (binding on branch audit-native; needs: apt-get install mpich libmpich-dev)");
            case "openmpi" -> notBuilt(id, "Open MPI (binding on branch audit-native; needs: apt-get install openmpi-bin "
                    + "libopenmpi-dev)");
            case "mpj-multicore", "mpj-niodev" -> notBuilt(id, "MPJ Express (binding on branch audit-mpj; needs: "
                    + "apt-get install libmpj-java)");
            default -> throw new IllegalArgumentException("unknown audit target '" + id + "'; known: "
                    + String.join(", ", IDS) + ", all");
        };
    }

    private static Entry notBuilt(String id, String what) {
        return new Entry(id, id, List.of(), Optional.of("the " + what + " is not part of this build"), Map.of());
    }
}
