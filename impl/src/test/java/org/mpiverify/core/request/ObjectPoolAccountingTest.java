package org.mpiverify.core.request;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * What an {@link ObjectPool} holds, as a quiescence check reads it ({@link ObjectPool#forEachIdle}): every
 * object created and not in use is met once, wherever it waits (a platform thread's cache, a virtual thread's
 * stripe, the shared stack), an object released twice is met twice, and the caches of threads that ended
 * are emptied into the shared stack instead of dying with their threads.
 */
class ObjectPoolAccountingTest {
    private static Map<Object, Integer> idle(ObjectPool<Object> pool) {
        Map<Object, Integer> seen = new IdentityHashMap<>();
        pool.forEachIdle(o -> seen.merge(o, 1, Integer::sum));
        return seen;
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void everyIdleObjectIsMetOnceWhereverItWaits() throws Exception {
        ObjectPool<Object> pool = new ObjectPool<>(Object::new, 2);
        List<Object> out = new ArrayList<>();
        for (int i = 0; i < 5; i++) out.add(pool.acquire());
        pool.release(out.get(0));                      // this thread's cache
        pool.release(out.get(1));
        pool.release(out.get(2));                      // cache full: the shared stack
        Thread.ofPlatform().start(() -> pool.release(out.get(3))).join();    // another platform thread's cache
        Thread.ofVirtual().start(() -> pool.release(out.get(4))).join();     // a stripe
        Map<Object, Integer> seen = idle(pool);
        assertEquals(5, pool.created());
        assertEquals(5, seen.size());
        assertTrue(seen.values().stream().allMatch(n -> n == 1), seen.toString());
        assertEquals(5, pool.idle());
    }

    @Test
    void anObjectInUseIsNotMetAndOneReleasedTwiceIsMetTwice() {
        ObjectPool<Object> pool = new ObjectPool<>(Object::new, 4);
        Object a = pool.acquire(), b = pool.acquire();
        pool.release(a);
        assertEquals(1, pool.idle(), "b is in use");
        pool.release(b);
        pool.release(b);                               // a double release
        assertEquals(2, idle(pool).get(b));
        assertEquals(3, pool.idle());
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void theCachesOfThreadsThatEndedAreEmptiedIntoTheSharedStack() throws Exception {
        ObjectPool<Object> pool = new ObjectPool<>(Object::new, 4);
        int threads = 100;
        for (int i = 0; i < threads; i++) {
            Thread.ofPlatform().start(() -> pool.release(pool.acquire())).join();
        }
        // Without the sweep each thread found only its own empty cache and an empty shared stack.
        assertTrue(pool.created() < threads, "objects of ended threads were reused: created " + pool.created());
        assertEquals(pool.created(), pool.idle(), "none lost on the way");
        assertTrue(idle(pool).values().stream().allMatch(n -> n == 1));
    }
}
