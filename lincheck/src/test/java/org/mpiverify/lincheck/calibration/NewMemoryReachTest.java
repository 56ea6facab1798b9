package org.mpiverify.lincheck.calibration;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.jetbrains.kotlinx.lincheck.execution.ExecutionScenario;
import org.jetbrains.lincheck.LincheckAssertionError;
import org.jetbrains.lincheck.datastructures.ModelCheckingOptions;
import org.jetbrains.lincheck.datastructures.Operation;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.mpiverify.lincheck.Lincheck;

/**
 * Calibration of the model checker, not of the core: does Lincheck explore the interleavings at the
 * accesses to memory that an operation <em>creates during the scenario</em> (an array, a field of a new
 * object, the arrays of a new object) and then publishes? Its {@code LocalObjectManager} treats every
 * object created in a scenario as thread-local, with no switch point at its plain accesses, until it is
 * linked from an object that is not local; the link then marks everything reachable from it shared. If
 * that ever missed a publication, races on a grown {@code MatchTable}'s head arrays (created by the
 * growth, during the scenario) would be invisible to the table's suites.
 *
 * <p>Each racy class below is a counter whose increment is a plain read-modify-write of memory created
 * by the first increment (or by an init-part operation) and published as each shape of the table
 * publishes its memory: a volatile field's CAS, an array slot's CAS, a plain store into an array, an
 * object whose final fields are arrays. The lost update needs a switch between the plain read and the
 * plain write, so the model checker must reject each one; a control with an atomic increment must
 * pass. Long form only ({@code -Pfull}): about 10 s at load 20; the quick suite's table twins guard the
 * table itself.
 */
@EnabledIfSystemProperty(named = "mpiverify.full", matches = "true")
class NewMemoryReachTest {
    static final VarHandle SLOTS = MethodHandles.arrayElementVarHandle(Object[].class);
    static final VarHandle LONGS = MethodHandles.arrayElementVarHandle(long[].class);

    /** The sequential counter every racy class must behave as. */
    public static class Counter {
        private long n;

        @Operation
        public long incr() {
            return n++;
        }
    }

    /** The counter whose memory an init-part operation creates; -1 before it. */
    public static class MadeCounter {
        private long n = -1;

        @Operation
        public void make() {
            n = 0;
        }

        @Operation
        public long incr() {
            return n < 0 ? -1 : n++;
        }
    }

    static long plainIncrement(long[] c) {
        long v = c[0];
        c[0] = v + 1;
        return v;
    }

    static final class Cell {
        long v;
    }

    /** The shape of a table generation: an object whose final fields are arrays created with it. */
    static final class Holder {
        final long[] words = new long[1];
    }

    /** Reference point: the array exists before the scenario (the constructor's). */
    public static class ArrayFromConstructor {
        private final long[] c = new long[1];

        @Operation
        public long incr() {
            return plainIncrement(c);
        }
    }

    public static class ArrayPublishedByFieldCas {
        private static final VarHandle CELL = field(ArrayPublishedByFieldCas.class, "cell", long[].class);
        private volatile long[] cell;

        @Operation
        public long incr() {
            long[] c = cell;
            if (c == null) {
                c = new long[1];
                if (!CELL.compareAndSet(this, null, c)) c = cell;
            }
            return plainIncrement(c);
        }
    }

    public static class ArrayPublishedByArrayCas {
        private final Object[] root = new Object[1];

        @Operation
        public long incr() {
            return plainIncrement(published(root, () -> new long[1]));
        }
    }

    public static class ObjectPublishedByFieldCas {
        private static final VarHandle CELL = field(ObjectPublishedByFieldCas.class, "cell", Cell.class);
        private volatile Cell cell;

        @Operation
        public long incr() {
            Cell c = cell;
            if (c == null) {
                c = new Cell();
                if (!CELL.compareAndSet(this, null, c)) c = cell;
            }
            return c.v++;
        }
    }

    public static class ObjectPublishedByArrayCas {
        private final Object[] root = new Object[1];

        @Operation
        public long incr() {
            return published(root, Cell::new).v++;
        }
    }

    public static class ArraysOfObjectPublishedByArrayCas {
        private final Object[] root = new Object[1];

        @Operation
        public long incr() {
            return plainIncrement(published(root, Holder::new).words);
        }
    }

    public static class ArraysOfObjectPublishedByFieldCas {
        private static final VarHandle CELL = field(ArraysOfObjectPublishedByFieldCas.class, "cell", Holder.class);
        private volatile Holder cell;

        @Operation
        public long incr() {
            Holder c = cell;
            if (c == null) {
                c = new Holder();
                if (!CELL.compareAndSet(this, null, c)) c = cell;
            }
            return plainIncrement(c.words);
        }
    }

    /** Created by a plain store of a new array into an array slot, by {@code make} (init part or parallel). */
    public static class ArrayPublishedByPlainStore {
        private final Object[] root = new Object[1];

        @Operation
        public void make() {
            root[0] = new long[1];
        }

        @Operation
        public long incr() {
            long[] c = (long[]) root[0];
            return c == null ? -1 : plainIncrement(c);
        }
    }

    /** Control: the same publication as {@link ArraysOfObjectPublishedByArrayCas}, an atomic increment. */
    public static class AtomicIncrementControl {
        private final Object[] root = new Object[1];

        @Operation
        public long incr() {
            return (long) LONGS.getAndAdd(published(root, Holder::new).words, 0, 1L);
        }
    }

    @SuppressWarnings("unchecked")
    static <T> T published(Object[] root, java.util.function.Supplier<T> fresh) {
        Object c = SLOTS.getAcquire(root, 0);
        if (c == null) {
            c = fresh.get();
            if (!SLOTS.compareAndSet(root, 0, null, c)) c = SLOTS.getAcquire(root, 0);
        }
        return (T) c;
    }

    static VarHandle field(Class<?> c, String name, Class<?> type) {
        try {
            return MethodHandles.lookup().findVarHandle(c, name, type);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** Two threads, two increments each: the first increment of each thread may create the memory. */
    static ExecutionScenario twoByTwo(Class<?> c) {
        return Lincheck.parallel(List.of(Lincheck.actor(c, "incr"), Lincheck.actor(c, "incr")),
                List.of(Lincheck.actor(c, "incr"), Lincheck.actor(c, "incr")));
    }

    static void check(Class<?> c, Class<?> spec, ExecutionScenario s) {
        ModelCheckingOptions o = new ModelCheckingOptions().iterations(0).invocationsPerIteration(2000)
                .sequentialSpecification(spec);
        o.addCustomScenario(s);
        o.check(c);
    }

    static void expectLostUpdateFound(Class<?> c) {
        LincheckAssertionError e = assertThrows(LincheckAssertionError.class, () -> check(c, Counter.class, twoByTwo(c)),
                c.getSimpleName() + ": the lost update on memory created in the scenario went unseen");
        System.out.println("[calibration] " + c.getSimpleName() + ": rejected\n" + e.getMessage());
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void racesOnMemoryCreatedInTheScenarioAreExplored() {
        for (Class<?> c : List.of(ArrayFromConstructor.class, ArrayPublishedByFieldCas.class,
                ArrayPublishedByArrayCas.class, ObjectPublishedByFieldCas.class, ObjectPublishedByArrayCas.class,
                ArraysOfObjectPublishedByArrayCas.class, ArraysOfObjectPublishedByFieldCas.class)) {
            expectLostUpdateFound(c);
        }
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void racesOnAnArrayCreatedByAPlainStoreAreExplored() {
        Class<?> c = ArrayPublishedByPlainStore.class;
        assertThrows(LincheckAssertionError.class, () -> check(c, MadeCounter.class, Lincheck.afterInit(
                List.of(Lincheck.actor(c, "make")), List.of(Lincheck.actor(c, "incr")), List.of(Lincheck.actor(c, "incr")))),
                "created in the init part: the lost update went unseen");
        assertThrows(LincheckAssertionError.class, () -> check(c, MadeCounter.class, Lincheck.parallel(
                List.of(Lincheck.actor(c, "make"), Lincheck.actor(c, "incr")), List.of(Lincheck.actor(c, "incr")))),
                "created in the parallel part: the lost update went unseen");
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void theAtomicControlPasses() {
        Class<?> c = AtomicIncrementControl.class;
        assertDoesNotThrow(() -> check(c, Counter.class, twoByTwo(c)));
    }
}
