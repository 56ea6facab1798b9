package org.mpiverify.core.handle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * {@link UseCount#addUse}, sequentially: a use added under a held one, on a freed handle, keeps the object until
 * the last use ends, and the release runs once; with no use held it is refused and changes nothing. (The
 * concurrent contract of the other methods is {@code UseCountLinearizabilityTest}'s.)
 */
class UseCountAddUseTest {
    @Test
    void anAddedUseOnAFreedHandleDefersTheReleaseToTheLastUse() {
        AtomicInteger releases = new AtomicInteger();
        UseCount c = new UseCount(releases::incrementAndGet);
        assertThrows(IllegalStateException.class, c::addUse, "no use held: nothing vouches for the object");
        assertEquals(0, c.uses());
        assertTrue(c.tryUse());                   // a persistent request's own use
        assertEquals(UseCount.Step.KEPT, c.free());
        c.addUse();                               // a start after the free
        assertEquals(2, c.uses());
        assertEquals(UseCount.Step.KEPT, c.endUse());   // the request is freed; its started operation is not done
        assertFalse(c.isReleased());
        assertEquals(UseCount.Step.RELEASED, c.endUse());
        assertEquals(1, releases.get());
        assertThrows(IllegalStateException.class, c::addUse, "released: no use held");
        assertFalse(c.tryUse());
        assertEquals(1, releases.get());
    }
}
