package org.mpiverify.jcstress.core.request;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import org.mpiverify.core.request.ObjectPool;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.IIII_Result;

/**
 * Race: the request pool's per-thread caches and the shared stack under concurrent allocate and free
 * (Balaji et al. §5.3 thread-local request pools; Dang, Snir &amp; Gropp §3.3). The pool's caches hold
 * one object, so the second free of a thread overflows to the shared stack.
 *
 * <p>Thread 1 allocates a and b, writes a.v = 1 and b.v = 2 (plain), frees a (into its cache) and b
 * (overflow: shared stack), then allocates twice: c (must be a, from its own cache) and d (from the
 * shared stack: b, or a new object). Thread 2 allocates x at the same time: from the shared stack
 * (b, if thread 1 has freed it already) or new.
 *
 * <p>r1 = 1 if c is a, r2 = d.v, r3 = x.v, r4 = 1 if d and x are the same object. Forbidden: one
 * object handed to two threads (r4 = 1, the double allocation the pool's invariant excludes), b
 * handed out without its contents (r2 or r3 not in {0, 2}), or the cache not returning its object.
 */
@JCStressTest
@Description("ObjectPool: per-thread cache + shared Treiber stack under concurrent allocate and free")
@Outcome(id = "1, 2, 0, 0", expect = ACCEPTABLE, desc = "Thread 1 got b back; thread 2 a new object.")
@Outcome(id = "1, 0, 2, 0", expect = ACCEPTABLE, desc = "Thread 2 got b (with its contents); thread 1 a new object.")
@Outcome(id = "1, 0, 0, 0", expect = ACCEPTABLE, desc = "Thread 2 allocated before b was freed; b is still pooled.")
@Outcome(expect = FORBIDDEN, desc = "Double allocation, an object without its contents, or a cache that lost its object.")
@State
public class ObjectPoolAllocateFreeRace {
    static final class Obj {
        int v;
    }

    final ObjectPool<Obj> pool = new ObjectPool<>(Obj::new, 1);
    Obj d;
    Obj x;

    @Actor
    public void allocateFreeAllocate(IIII_Result r) {
        Obj a = pool.acquire();
        Obj b = pool.acquire();
        a.v = 1;
        b.v = 2;
        pool.release(a);
        pool.release(b);
        Obj c = pool.acquire();
        Obj dd = pool.acquire();
        r.r1 = c == a ? 1 : 0;
        r.r2 = dd.v;
        d = dd;
    }

    @Actor
    public void allocate(IIII_Result r) {
        Obj xx = pool.acquire();
        r.r3 = xx.v;
        x = xx;
    }

    @Arbiter
    public void arbiter(IIII_Result r) {
        r.r4 = d == x ? 1 : 0;
    }
}
