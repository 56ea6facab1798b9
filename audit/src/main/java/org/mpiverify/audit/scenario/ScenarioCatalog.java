package org.mpiverify.audit.scenario;

import java.util.List;
import java.util.NoSuchElementException;
import org.mpiverify.audit.scenario.catalog.Catalog;
import org.mpiverify.audit.scenario.catalog.CatalogScenario;
import org.mpiverify.harness.scenario.Scenario;
import org.mpiverify.harness.scenario.ScenarioSource;

/**
 * Every scenario the audit knows, in report order ({@link #all()}). Rank processes, which run on the driver's class
 * path, find them by id through {@link Source}, the catalog's registration as a {@link ScenarioSource} service, which
 * lists the same instances in no particular order.
 */
public final class ScenarioCatalog {
    /** The catalog's one instance of each scenario, in no particular order: all a lookup by id needs. */
    private static final class Found {
        static final List<CatalogScenario> ALL = Catalog.found();
    }

    /** The same instances in report order, built at first use: a rank process, which looks up by id, never reads it. */
    private static final class Ordered {
        static final List<Scenario> ALL = List.copyOf(Catalog.inReportOrder(Found.ALL));
    }

    private ScenarioCatalog() { }

    /** Scenarios are stateless and their parameters fixed, so one instance of each serves every run. */
    public static List<Scenario> all() {
        return Ordered.ALL;
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
            return List.copyOf(Found.ALL);
        }
    }
}
