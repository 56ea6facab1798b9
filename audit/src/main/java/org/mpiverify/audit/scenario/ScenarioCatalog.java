package org.mpiverify.audit.scenario;

import java.util.List;
import java.util.NoSuchElementException;
import org.mpiverify.harness.scenario.Scenario;
import org.mpiverify.harness.scenario.ScenarioSource;

/**
 * Every scenario the audit knows, in report order. Rank processes, which run on the driver's class path, find them
 * by id through {@link Source}, the catalog's registration as a {@link ScenarioSource} service.
 */
public final class ScenarioCatalog {
    private static final List<Scenario> ALL = List.copyOf(org.mpiverify.audit.scenario.catalog.Catalog.scenarios());

    private ScenarioCatalog() { }

    /** Scenarios are stateless and their parameters fixed, so one instance of each serves every run. */
    public static List<Scenario> all() {
        return ALL;
    }

    public static Scenario byId(String id) {
        return all().stream().filter(s -> s.id().equals(id)).findFirst()
                .orElseThrow(() -> new NoSuchElementException("no audit scenario '" + id + "'; known: "
                        + all().stream().map(Scenario::id).toList()));
    }

    /** The catalog as a service ({@code META-INF/services/org.mpiverify.harness.scenario.ScenarioSource}). */
    public static final class Source implements ScenarioSource {
        @Override
        public List<Scenario> scenarios() {
            return ALL;
        }
    }
}
