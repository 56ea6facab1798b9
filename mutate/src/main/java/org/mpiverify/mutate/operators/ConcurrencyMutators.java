package org.mpiverify.mutate.operators;

import java.util.List;
import java.util.Map;
import org.pitest.mutationtest.engine.gregor.MethodMutatorFactory;
import org.pitest.mutationtest.engine.gregor.config.MutatorGroup;

/**
 * The PIT mutator group {@value #GROUP}: every concurrency operator of this package, ConMAn's and the
 * logic-level ones (an order of operations, a re-check, an update on one path, a read or a test moved out of
 * its lock's section).
 */
public final class ConcurrencyMutators implements MutatorGroup {
    public static final String GROUP = "CONCURRENCY";

    /** The operators, in the order reports list them. */
    public static List<ConcurrencyOperator> all() {
        return List.of(new RemoveLock(), new SplitCriticalSection(), new ShiftCriticalSection(), new ShrinkCriticalSection(),
                new SwapLockOrder(), new CasToPlain(), new VolatileToPlain(), new RemoveWakeup(),
                new ReorderHandoff(), new RemoveRecheck(), new UpdateOnOnePath(), new HoistReadFromSection(), new CheckThenActSplit());
    }

    @Override
    public void register(Map<String, List<MethodMutatorFactory>> mutators) {
        mutators.put(GROUP, List.copyOf(all()));
    }
}
