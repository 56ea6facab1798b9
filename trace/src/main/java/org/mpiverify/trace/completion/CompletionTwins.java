package org.mpiverify.trace.completion;

import java.util.function.Function;
import org.mpiverify.core.matching.CheckThenActEmptyMatchTable;
import org.mpiverify.core.matching.CheckThenActInsertMatchTable;
import org.mpiverify.core.request.NoFlagCompletion;
import org.mpiverify.core.request.RegisterAfterCheckCompletion;
import org.mpiverify.core.trace.TraceRecorder;
import org.mpiverify.core.trace.TraceRecorder.Algorithm;
import org.mpiverify.mpi.CoreOverrides;
import org.mpiverify.trace.completion.CompletionWorkload.Target;
import org.mpiverify.trace.spi.TraceTwin;

/**
 * The known-bad completions and match tables whose traces the specs must reject, listed by
 * {@code org.mpiverify.trace.TraceTwins}, each generated at build time from a patch: of {@code Completion},
 * {@code RegisterAfterCheckCompletion} (the core's twin, {@code twins/patches/impl}) and
 * {@code NoFlagCompletion} ({@code twins/patches/trace}); of {@code MatchTable}, the core's
 * {@code CheckThenActInsertMatchTable} and {@code CheckThenActEmptyMatchTable}. They replace no component of
 * a job ({@code RequestState} extends {@code Completion}; the engines do not call the table's insert and
 * empty): {@link CompletionWorkload#drive} and {@link TableWorkload#drive} run them, which
 * {@code trace --algorithm completion --variant NAME --workload ...} does.
 */
public final class CompletionTwins {
    /** await checks done before it publishes itself as the waiter. */
    public static final String REGISTER_AFTER_CHECK_NAME = "RegisterAfterCheckCompletion";
    /** No "already signalled" flag: the waiter parks once and takes its wake-up for the completion. */
    public static final String NO_FLAG_NAME = "NoFlagCompletion";

    public static final TraceTwin REGISTER_AFTER_CHECK = twin(REGISTER_AFTER_CHECK_NAME,
            "await checks done before it publishes itself as the waiter: a signal in between wakes nobody");
    public static final TraceTwin NO_FLAG = twin(NO_FLAG_NAME,
            "no \"already signalled\" flag (Algorithm 4 without §3.1): a signal before the wait is lost, and the"
                    + " waiter takes any return of its park for the completion");

    /** MatchTable.insert checks and stores under two bucket-lock acquisitions. */
    public static final String CHECK_THEN_ACT_INSERT_NAME = "CheckThenActInsertMatchTable";
    /** MatchTable.empty reads and stores ⊥ under two bucket-lock acquisitions. */
    public static final String CHECK_THEN_ACT_EMPTY_NAME = "CheckThenActEmptyMatchTable";

    public static final TraceTwin CHECK_THEN_ACT_INSERT = twin(CHECK_THEN_ACT_INSERT_NAME,
            "the match table's insert checks the key under one bucket-lock acquisition and stores under a second:"
                    + " two inserts into ⊥ both succeed, the second overwriting the first (eqs. (1), (3))");
    public static final TraceTwin CHECK_THEN_ACT_EMPTY = twin(CHECK_THEN_ACT_EMPTY_NAME,
            "the match table's empty reads the value under one bucket-lock acquisition and stores ⊥ under a"
                    + " second: two empties both return one value, or one erases a value it does not return (eq. (2))");

    private CompletionTwins() {}

    private static TraceTwin twin(String name, String defect) {
        return new TraceTwin(name, Algorithm.COMPLETION, new CoreOverrides(name, null, null), defect);
    }

    /** How the driver makes the twin called {@code name} (recording to the job's recorder), or null if none is. */
    public static Function<TraceRecorder, Target> driverOf(String name) {
        return switch (name) {
            case REGISTER_AFTER_CHECK_NAME -> rec -> {
                RegisterAfterCheckCompletion c = new RegisterAfterCheckCompletion();
                c.recordTo(rec);
                return new Target(c::signal, c::await);
            };
            case NO_FLAG_NAME -> rec -> {
                NoFlagCompletion c = new NoFlagCompletion();
                c.recordTo(rec);
                return new Target(c::signal, c::await);
            };
            default -> null;
        };
    }

    /** The twin table class called {@code name} (driven by {@link TableWorkload#drive}), or null if none is. */
    public static Class<?> tableClassOf(String name) {
        return switch (name) {
            case CHECK_THEN_ACT_INSERT_NAME -> CheckThenActInsertMatchTable.class;
            case CHECK_THEN_ACT_EMPTY_NAME -> CheckThenActEmptyMatchTable.class;
            default -> null;
        };
    }

}
