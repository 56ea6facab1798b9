package org.mpiverify.audit;

import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;
import org.mpiverify.results.Json;
import org.mpiverify.results.Outcome;
import org.mpiverify.results.Workspace;

/**
 * {@code audit/expected-verdicts.json}, typed: the verdict matrix the audit must keep producing (what a single run
 * of each scenario may give on each target, and what audit/README.md shows for it) and the unsafe core columns each
 * scenario must reject. The tests hold the audit to it; {@link #markdownTable()} is the README's matrix.
 *
 * @param about         what the file is, for its reader
 * @param columns       the matrix's columns: a target id of {@code AuditTargets.IDS} each, in README order
 * @param unsafeColumns each unsafe core column with the one scenario aimed at its flaw
 * @param scenarios     one row per catalog scenario, in catalog order
 */
record ExpectedVerdicts(String about, List<Column> columns, List<UnsafeColumn> unsafeColumns, List<Row> scenarios) {
    /** The file, relative to the repository root. */
    static final Path FILE = Path.of("audit", "expected-verdicts.json");

    ExpectedVerdicts {
        columns = List.copyOf(Objects.requireNonNull(columns, "columns"));
        unsafeColumns = List.copyOf(Objects.requireNonNull(unsafeColumns, "unsafeColumns"));
        scenarios = List.copyOf(Objects.requireNonNull(scenarios, "scenarios"));
    }

    /** A column of the matrix: a target id and the README's heading for it. */
    record Column(String target, String heading) {
        Column {
            Objects.requireNonNull(target, "target");
            Objects.requireNonNull(heading, "heading");
        }
    }

    /** An unsafe core column and the scenario aimed at its flaw, which must reject it. */
    record UnsafeColumn(String column, String rejectedBy, String why) {
        UnsafeColumn {
            Objects.requireNonNull(column, "column");
            Objects.requireNonNull(rejectedBy, "rejectedBy");
        }
    }

    /** A scenario's row: its cells that are not a plain PASS, by target, and the unsafe column it must reject, if any. */
    record Row(String id, Map<String, Cell> cells, MustReject mustReject) {
        Row {
            Objects.requireNonNull(id, "id");
            cells = cells == null ? Map.of() : java.util.Collections.unmodifiableMap(new LinkedHashMap<>(cells));
        }
    }

    /** A cell: what the README shows, every outcome a single run may give, and why. */
    record Cell(String shows, Set<Outcome> allows, String why) {
        Cell {
            Objects.requireNonNull(shows, "shows");
            if (allows == null || allows.isEmpty() || allows.contains(Outcome.NO_RESULT)) {
                throw new IllegalArgumentException("a cell allows at least one run's outcome: " + shows + " " + allows);
            }
            allows = Set.copyOf(allows);
        }
    }

    /** An unsafe core column a scenario must reject, and why it can. */
    record MustReject(String column, String why) {
        MustReject {
            Objects.requireNonNull(column, "column");
        }
    }

    /** The file of the repository this build runs in. */
    static ExpectedVerdicts load() {
        Path file = Workspace.root().resolve(FILE);
        try {
            return Json.readFile(file, ExpectedVerdicts.class);
        } catch (IOException e) {
            throw new IllegalStateException("cannot read " + file + ": " + e, e);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(file + ": " + e.getMessage(), e);
        }
    }

    /** The outcomes a single run of scenario {@code id} on {@code target} may give: its cell's, or PASS. */
    Set<Outcome> allowed(String target, String id) {
        return row(id).map(r -> r.cells().get(target)).map(Cell::allows).orElse(Set.of(Outcome.PASS));
    }

    private java.util.Optional<Row> row(String id) {
        return scenarios.stream().filter(r -> r.id().equals(id)).findFirst();
    }

    /** Scenario id to the unsafe column it must reject, for the scenarios that name one. */
    Map<String, String> mustReject() {
        return scenarios.stream().filter(r -> r.mustReject() != null)
                .collect(Collectors.toMap(Row::id, r -> r.mustReject().column(), (a, b) -> a, LinkedHashMap::new));
    }

    /** Unsafe column to the scenario aimed at its flaw. */
    Map<String, String> rejectedBy() {
        return unsafeColumns.stream()
                .collect(Collectors.toMap(UnsafeColumn::column, UnsafeColumn::rejectedBy, (a, b) -> a, LinkedHashMap::new));
    }

    /** The verdict matrix as audit/README.md shows it: a row per scenario, a cell per column, PASS where none is listed. */
    String markdownTable() {
        StringBuilder sb = new StringBuilder("| scenario |");
        columns.forEach(c -> sb.append(' ').append(c.heading()).append(" |"));
        sb.append("\n|");
        sb.append(" --- |".repeat(columns.size() + 1)).append('\n');
        for (Row r : scenarios) {
            sb.append("| `").append(r.id()).append("` |");
            for (Column c : columns) {
                Cell cell = r.cells().get(c.target());
                sb.append(' ').append(cell == null ? "PASS" : cell.shows()).append(" |");
            }
            sb.append('\n');
        }
        return sb.toString();
    }
}
