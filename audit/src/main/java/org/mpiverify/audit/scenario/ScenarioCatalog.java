package org.mpiverify.audit.scenario;

import java.util.List;
import java.util.NoSuchElementException;

/** Every scenario the audit knows, in report order; looked up by id in rank processes too. */
public final class ScenarioCatalog {
    private static final List<Scenario> ALL = org.mpiverify.audit.scenario.catalog.Catalog.scenarios();

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
}
