package org.mpiverify.results;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;
import java.util.Objects;

/**
 * {@code audit/scenario-algorithms.json}: every scenario of the audit's catalog, in catalog order, with the algorithms of
 * {@code docs/traceability.json} it exercises. Generated from each scenario's {@code algorithms()} by the audit's
 * {@code CatalogPagesTest} and read by the dashboard's traceability table, both through this record ({@link Json#write},
 * {@link Json#read}).
 *
 * @param about     what the file is, for its reader
 * @param scenarios one entry per catalog scenario
 */
public record ScenarioAlgorithmsFile(String about, List<Scenario> scenarios) {
    /** The file, relative to the repository's root. */
    public static final String PATH = "audit/scenario-algorithms.json";

    public ScenarioAlgorithmsFile {
        scenarios = List.copyOf(Objects.requireNonNull(scenarios, "scenarios"));
    }

    /**
     * A scenario and the algorithms of the table it exercises (none for one no algorithm stands for).
     *
     * @param id         the scenario's id ({@code fig2-deadlock})
     * @param algorithms the algorithms, by the table's names, each with a note for its audit column
     */
    public record Scenario(String id, List<Exercised> algorithms) {
        public Scenario {
            Objects.requireNonNull(id, "id");
            algorithms = algorithms == null ? List.of() : List.copyOf(algorithms);
        }
    }

    /** An algorithm a scenario exercises, by its name in the table, and a note (Markdown) or null, then left out. */
    public record Exercised(String name, @JsonInclude(JsonInclude.Include.NON_NULL) String note) {
        public Exercised {
            Objects.requireNonNull(name, "name");
        }
    }
}
