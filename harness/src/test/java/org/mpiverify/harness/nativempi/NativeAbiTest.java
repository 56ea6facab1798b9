package org.mpiverify.harness.nativempi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.mpiverify.harness.api.AuditMpi;

/** The per-library constants, checked against the values in each {@code mpi.h} (no library loaded). */
@Timeout(10)
class NativeAbiTest {
    private final NativeAbi mpich = NativeAbi.forLibrary("mpich");
    private final NativeAbi openmpi = NativeAbi.forLibrary("openmpi");

    @Test
    void wildcardsAndProcNullAreTranslatedBothWays() {
        // the audit's ANY_SOURCE (-2) is Open MPI's PROC_NULL: a missing translation would misroute silently
        assertEquals(-2, mpich.rankToLibrary(AuditMpi.ANY_SOURCE));
        assertEquals(-1, openmpi.rankToLibrary(AuditMpi.ANY_SOURCE));
        assertEquals(-1, mpich.rankToLibrary(AuditMpi.PROC_NULL));
        assertEquals(-2, openmpi.rankToLibrary(AuditMpi.PROC_NULL));
        assertEquals(AuditMpi.PROC_NULL, mpich.rankFromLibrary(-1));
        assertEquals(AuditMpi.PROC_NULL, openmpi.rankFromLibrary(-2));
        assertEquals(AuditMpi.ANY_SOURCE, openmpi.rankFromLibrary(-1));
        assertEquals(5, openmpi.rankToLibrary(5));
        assertEquals(-1, mpich.tagToLibrary(AuditMpi.ANY_TAG));
        assertEquals(AuditMpi.ANY_TAG, openmpi.tagFromLibrary(-1));
    }

    @Test
    void anOtherNegativeRankStaysInvalidInsteadOfBecomingALibrarysProcNull() {
        assertEquals(-1000, mpich.rankToLibrary(-1));
        assertEquals(-1000, openmpi.rankToLibrary(-7));
    }

    @Test
    void errorClassesFollowEachHeader() {
        assertEquals(6, mpich.errorClass("MPI_ERR_RANK"));
        assertEquals(6, openmpi.errorClass("MPI_ERR_RANK"));
        assertEquals(19, mpich.errorClass("MPI_ERR_REQUEST"));
        assertEquals(7, openmpi.errorClass("MPI_ERR_REQUEST"));
        assertEquals("MPI_ERR_TRUNCATE", mpich.errorName(14));
        assertEquals("MPI_ERR_TRUNCATE", openmpi.errorName(15));
        assertEquals("error class 999", mpich.errorName(999));
        assertThrows(IllegalArgumentException.class, () -> openmpi.errorClass("MPI_ERR_NOT_A_CLASS"));
    }

    @Test
    void statusLayoutsDiffer() {
        assertEquals(20, mpich.statusSize());
        assertEquals(8, mpich.sourceOffset());
        assertEquals(24, openmpi.statusSize());
        assertEquals(0, openmpi.sourceOffset());
    }

    @Test
    void unknownLibraryIsAClearError() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> NativeAbi.forLibrary("lam"));
        assertTrue(e.getMessage().contains("expected mpich or openmpi"), e.getMessage());
    }

    @Test
    void aMissingLibraryNamesTheDebianPackages() {
        Optional<String> m = NativeAbi.missing("MPICH", Path.of("/nonexistent/libmpich.so.12"),
                Path.of("/nonexistent/mpiexec.mpich"), "mpich libmpich-dev");
        assertTrue(m.isPresent());
        assertTrue(m.get().contains("apt-get install mpich libmpich-dev"), m.get());
        assertTrue(m.get().contains("/nonexistent/libmpich.so.12"), m.get());
        assertEquals(Optional.empty(), NativeAbi.missing("sh", Path.of("/bin/sh"), Path.of("/bin/sh"), "dash"));
    }
}
