package org.mpiverify.mutate.operators;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.mpiverify.mutate.operators.fixtures.SectionFixture;
import org.pitest.mutationtest.engine.MutationDetails;

/** HOIST_READ_FROM_SECTION: a known-good site, mutated as intended and observable; known-bad methods untouched. */
class HoistReadFromSectionTest {
    private final FixtureMutants f = new FixtureMutants("HOIST_READ_FROM_SECTION", SectionFixture.class);

    @Test
    void readsTheVersionBeforeTakingTheLock() {
        List<MutationDetails> ms = f.in("update");
        assertEquals(1, ms.size(), "the version's read; the count's is the section's first read, SHIFT's: " + ms);
        assertTrue(ms.get(0).getDescription().startsWith("read this.version"), ms.get(0).getDescription());
        byte[] mutant = f.bytes(ms.get(0));
        List<String> before = FixtureMutants.code(f.original(), "update"), after = FixtureMutants.code(mutant, "update");
        assertTrue(FixtureMutants.indexOf(before, "HookedLock.lock") < FixtureMutants.indexOf(before, "SectionFixture.version"));
        assertTrue(FixtureMutants.indexOf(after, "SectionFixture.version") < FixtureMutants.indexOf(after, "HookedLock.lock"), after.toString());
        assertEquals("read version 2", f.load(f.original()).apply("version moves as the lock is taken"));
        assertEquals("read version 1", f.load(mutant).apply("version moves as the lock is taken"));
    }

    @Test
    void noSiteForTheSectionsOwnWriteOrAReadWithoutALock() {
        assertEquals(List.of(), f.in("own"), "the read is of what the section wrote");
        assertEquals(List.of(), f.in("peek"), "the only read is the section's first, SHIFT_CRITICAL_SECTION's");
        assertEquals(List.of(), f.in("unlocked"));
    }
}
