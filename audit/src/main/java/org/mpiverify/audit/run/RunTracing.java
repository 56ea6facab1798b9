package org.mpiverify.audit.run;

import java.util.concurrent.CompletableFuture;
import org.mpiverify.audit.report.CellTrace;
import org.mpiverify.harness.launch.AuditTarget;
import org.mpiverify.harness.scenario.Scenario;

/**
 * Records the audit's runs on the core and validates their traces against the algorithms' TLA+ trace specs
 * ({@code audit --trace}). The trace module implements it; it depends on this module, so the audit reaches it
 * through this interface, handed in by the command line.
 *
 * <p>Thread safety: {@link #record} and {@link Recording#validate} are called by the audit's one runner thread;
 * the validations may run on other threads, and their futures complete there.
 */
public interface RunTracing extends AutoCloseable {

    /**
     * One run with recording on: the runner runs {@link #target()} instead of the column's own target (the same
     * configuration, recording), then calls {@link #validate()} once the run has ended.
     */
    interface Recording {
        /** The column's target with recording on. */
        AuditTarget target();

        /**
         * Validates the run's traces, possibly on another thread while the audit goes on; the future completes with
         * the run's trace verdict and never completes exceptionally (a failure of the validation is an ERROR).
         */
        CompletableFuture<CellTrace> validate();
    }

    /**
     * Starts recording one run of {@code scenario} on {@code column}; null if the column's runs are not traced (a
     * target other than the core, or a configuration whose steps the trace specs cannot read).
     *
     * @param run the run's name, unique in the audit: it names its traces and their reports
     */
    Recording record(AuditColumn column, Scenario scenario, String run);

    /** Ends the validations' TLC JVMs; validations not yet done end as ERROR. */
    @Override
    void close();
}
