package org.mpiverify.lincheck.core.coll;

import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Predicate;
import org.jetbrains.lincheck.datastructures.IntGen;
import org.jetbrains.lincheck.datastructures.Operation;
import org.jetbrains.lincheck.datastructures.Param;
import org.jetbrains.lincheck.datastructures.Validate;

/**
 * The operations of {@link ScheduleProgressLinearizabilityTest} over a schedule of {@value #TRANSFERS}
 * transfers whose {@code advance} is done once every transfer is: the real
 * {@link org.mpiverify.core.coll.Schedule} (the suite) or its known-bad twin. The operations return nothing;
 * the check is the validation at quiescence.
 */
@Param(name = "i", gen = IntGen.class, conf = "0:1")
public abstract class ScheduleProgressOperations {
    static final int TRANSFERS = 2;

    private final AtomicBoolean[] transfers = new AtomicBoolean[TRANSFERS];
    private final Runnable progress;
    private final BooleanSupplier isDone;

    /**
     * @param make a schedule whose {@code advance} returns the given supplier's answer (every transfer done)
     */
    protected <S> ScheduleProgressOperations(Function<BooleanSupplier, S> make, Consumer<S> progress, Predicate<S> isDone) {
        for (int i = 0; i < TRANSFERS; i++) transfers[i] = new AtomicBoolean();
        S schedule = make.apply(this::allDone);
        this.progress = () -> progress.accept(schedule);
        this.isDone = () -> isDone.test(schedule);
    }

    private boolean allDone() {
        for (AtomicBoolean t : transfers) {
            if (!t.get()) return false;
        }
        return true;
    }

    @Operation
    public void complete(@Param(name = "i") int i) {
        transfers[i].set(true);
        progress.run();
    }

    @Operation
    public void poll() {
        progress.run();
    }

    @Validate
    public void doneOnceEveryTransferIs() {
        if (allDone() && !isDone.getAsBoolean()) {
            throw new IllegalStateException("every transfer completed and every poll returned, but the schedule is not done: a poll was lost");
        }
    }
}
