package org.mpiverify.audit.scenario.catalog;

import java.time.Duration;
import java.util.List;
import java.util.Objects;
import org.mpiverify.harness.scenario.BaseScenario;

/**
 * A scenario of the catalog: a {@link BaseScenario} that also says what must hold and which algorithms it
 * exercises, so that the pages about the catalog are generated from the scenarios themselves.
 * {@code audit/README.md}'s "The scenarios" table shows each scenario's id, {@link #origin()} and {@link #holds()};
 * {@code audit/scenario-algorithms.json}, which the dashboard and {@code docs/traceability.md} read for their audit
 * column, lists its {@link #algorithms()}. A test in {@code audit/src/test} fails when either differs from the
 * catalog and writes them with {@code -Dmpiverify.writeDocs=true}.
 *
 * <p>Neither method takes part in a run: the audit's verdicts come from {@link #run} and {@link #judge} alone.
 */
public abstract class CatalogScenario extends BaseScenario {
    /**
     * An algorithm of the traceability table that a scenario exercises.
     *
     * @param name the algorithm, exactly as {@code docs/traceability.json} names it ("Context ids")
     * @param note a short qualification for that algorithm's audit column (Markdown), or null
     */
    public record Algorithm(String name, String note) {
        public Algorithm {
            Objects.requireNonNull(name, "name");
        }

        static Algorithm of(String name) {
            return new Algorithm(name, null);
        }

        static Algorithm of(String name, String note) {
            return new Algorithm(name, note);
        }
    }

    protected CatalogScenario(String id, String title, String origin, int ranks, int quickRepeats, int fullRepeats,
                              Duration deadline) {
        super(id, title, origin, ranks, quickRepeats, fullRepeats, deadline);
    }

    /**
     * What must hold for the scenario to pass, and how it fails, in a paragraph of Markdown: the promise (MPI's,
     * the paper's) its judge holds every target to. Scenarios of one class that share the text share a row of the
     * README's table.
     */
    public abstract String holds();

    /**
     * The algorithms of {@code docs/traceability.json} this scenario exercises, by name; empty when it checks a
     * promise no algorithm of the table stands for (the dashboard then shows it only on the audit's page).
     */
    public abstract List<Algorithm> algorithms();
}
