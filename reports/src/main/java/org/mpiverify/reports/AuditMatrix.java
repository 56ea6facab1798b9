package org.mpiverify.reports;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The audit page's matrix, scenarios by targets, as audit/README.md shows it: one column per target, whose
 * safe configurations (the core's granularities × matching engines) share it, and one column per unsafe
 * experimental configuration, which the audit must reject.
 */
final class AuditMatrix {
    /** One column: the cells of some configurations of one target. */
    record Column(String title, String subtitle, boolean unsafe, boolean rejected, boolean stale,
                  List<AuditResults.Cell> cells) {
        List<AuditResults.Cell> cells(String scenario) {
            return cells.stream().filter(c -> c.id().equals(scenario)).toList();
        }
    }

    private final List<Column> columns = new ArrayList<>();
    private final Map<String, AuditResults.Cell> scenarios = new LinkedHashMap<>();

    AuditMatrix(List<AuditResults.Target> targets) {
        for (AuditResults.Target t : targets) {
            List<AuditResults.Cell> safe = t.cells().stream().filter(c -> !c.unsafe()).toList();
            long safeConfigs = safe.stream().map(AuditResults.Cell::configuration).distinct().count();
            if (!safe.isEmpty()) {
                columns.add(new Column(t.target(), safeConfigs > 1 ? t.implementation() + ", " + safeConfigs
                        + " safe configurations" : t.implementation(), false, false, t.stamp().isStale(), safe));
            }
            for (String config : t.configurations()) {
                List<AuditResults.Cell> cells = t.cells().stream()
                        .filter(c -> c.unsafe() && c.configuration().equals(config)).toList();
                if (cells.isEmpty()) continue;
                columns.add(new Column(t.target() + " unsafe", config, true, cells.get(0).variantRejected(),
                        t.stamp().isStale(), cells));
            }
            t.cells().forEach(c -> scenarios.putIfAbsent(c.id(), c));
        }
    }

    List<Column> columns() {
        return columns;
    }

    /** Scenario ids in the order the targets list them. */
    List<String> scenarios() {
        return List.copyOf(scenarios.keySet());
    }

    /** The first cell of a scenario, for its title and origin. */
    AuditResults.Cell first(String scenario) {
        return scenarios.get(scenario);
    }

    static String scenarioAnchor(String id) {
        return Html.slug("scenario-" + id);
    }
}
