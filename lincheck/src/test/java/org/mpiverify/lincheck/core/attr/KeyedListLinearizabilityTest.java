package org.mpiverify.lincheck.core.attr;

import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.mpiverify.core.attr.KeyedList;
import org.mpiverify.core.attr.LostUpdateKeyedList;
import org.mpiverify.lincheck.Budget;
import org.mpiverify.lincheck.Lincheck;
import org.mpiverify.testkit.ThreadDumpOnFailure;
import org.mpiverify.testkit.TwinTest;

/**
 * {@link KeyedList} (a communicator's attributes and an info object's pairs: Gropp &amp; Thakur §3, Read List
 * and Update List) is linearizable with respect to an insertion-ordered map ({@link KeyedListSpec}): gets,
 * puts, conditional puts, removes, the size and the first key, by threads that update the same key and
 * different keys at once. The paper's claim is that the reads need no lock; the suite checks that the lock-free
 * updates lose none of each other's keys either.
 *
 * <p>Twin: {@link LostUpdateKeyedList}, whose put publishes its new array with a plain volatile store instead of
 * a compare-and-set: a put racing another thread's update of a different key throws that update away.
 */
@ExtendWith(ThreadDumpOnFailure.class)
public class KeyedListLinearizabilityTest extends KeyedListOperations {
    static final String SUITE = "KeyedListLinearizabilityTest";
    static final String CHECKS = "KeyedList get/put/putIfAbsent/remove/size/first key vs an insertion-ordered map";

    public KeyedListLinearizabilityTest() {
        super(over(new KeyedList<Integer, Integer>()));
    }

    private static Target over(KeyedList<Integer, Integer> l) {
        return new Target() {
            public Integer put(int k, int v) { return l.put(k, v); }
            public Integer get(int k) { return l.get(k); }
            public Integer remove(int k) { return l.remove(k); }
            public boolean putIfAbsent(int k, int v) { return l.replace(k, null, v); }
            public int size() { return l.size(); }
            public Integer keyAt(int n) { return l.keyAt(n); }
        };
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void modelChecking() {
        Lincheck.checkModel(SUITE, CHECKS, getClass(), KeyedListSpec.class, Budget.modelChecking());
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void stress() {
        Lincheck.checkStress(SUITE, CHECKS, getClass(), KeyedListSpec.class, Budget.stress().scaled(0.34, 0.5));
    }

    /**
     * Seeded with the race the Update List class allows: two threads put different keys at once, then the second
     * key is read and the keys counted (the real list is run through the seed first and must pass it).
     */
    @TwinTest
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void lostUpdateTwinIsRejected() {
        Lincheck.expectRejectedSeeded("LostUpdateKeyedList", "put publishes its copy with a plain store, not a CAS",
                KeyedListLinearizabilityTest.class, Twin.class, KeyedListSpec.class, Budget.twin(),
                ops -> List.of(Lincheck.withPost(List.of(),
                        List.of(Lincheck.actor(ops, "get", 1), Lincheck.actor(ops, "size")),
                        List.of(Lincheck.actor(ops, "put", 0, 1)), List.of(Lincheck.actor(ops, "put", 1, 2)))));
    }

    /** The same operations on the known-bad twin. */
    public static class Twin extends KeyedListOperations {
        public Twin() {
            super(overTwin(new LostUpdateKeyedList<Integer, Integer>()));
        }

        private static Target overTwin(LostUpdateKeyedList<Integer, Integer> l) {
            return new Target() {
                public Integer put(int k, int v) { return l.put(k, v); }
                public Integer get(int k) { return l.get(k); }
                public Integer remove(int k) { return l.remove(k); }
                public boolean putIfAbsent(int k, int v) { return l.replace(k, null, v); }
                public int size() { return l.size(); }
                public Integer keyAt(int n) { return l.keyAt(n); }
            };
        }
    }
}
