package org.mpiverify.reports;

import org.mpiverify.results.Outcome;
/** One result on a detail page: what the summary's cells aggregate. */
public interface CheckResult {
    CheckKind kind();

    /** The name the traceability table uses for it (model, suite, test, scenario, benchmark). */
    String name();

    /** The HTML id of its section on its detail page. */
    default String anchor() {
        return Html.slug(kind().name() + "-" + name());
    }

    Outcome verdict();

    /** The verdict in the words of its kind ("as expected", "rejected", "3/4 targets met"). */
    String label();

    Stamp stamp();
}
