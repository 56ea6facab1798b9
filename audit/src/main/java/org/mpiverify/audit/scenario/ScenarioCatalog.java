package org.mpiverify.audit.scenario;

import java.util.List;
import java.util.NoSuchElementException;

/** Every scenario the audit knows, in report order; looked up by id in rank processes too. */
public final class ScenarioCatalog {
    private ScenarioCatalog() { }

    public static List<Scenario> all() {
        return List.of();
    }

    public static Scenario byId(String id) {
        return all().stream().filter(s -> s.id().equals(id)).findFirst()
                .orElseThrow(() -> new NoSuchElementException("no audit scenario '" + id + "'; known: "
                        + all().stream().map(Scenario::id).toList()));
    }
}
