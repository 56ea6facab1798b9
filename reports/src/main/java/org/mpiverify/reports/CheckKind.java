package org.mpiverify.reports;

import java.util.List;

/**
 * The kinds of check the dashboard has a column for, with the detail page of each and the folders
 * whose contents a result of that kind depends on: a result is stale once any of them changed
 * after the commit it was produced at.
 */
public enum CheckKind {
    TLC("TLC", "tlc.html", List.of("specs", "impl")),
    LINCHECK("Lincheck", "lincheck.html", List.of("impl", "lincheck")),
    JCSTRESS("jcstress", "jcstress.html", List.of("impl", "jcstress")),
    AUDIT("audit", "audit.html", List.of("impl", "audit")),
    BENCHMARK("benchmark", "bench.html", List.of("impl", "bench"));

    private final String title;
    private final String page;
    private final List<String> inputs;

    CheckKind(String title, String page, List<String> inputs) {
        this.title = title;
        this.page = page;
        this.inputs = inputs;
    }

    public String title() {
        return title;
    }

    public String page() {
        return page;
    }

    /** Repository folders whose change makes a result of this kind stale. */
    public List<String> inputs() {
        return inputs;
    }
}
