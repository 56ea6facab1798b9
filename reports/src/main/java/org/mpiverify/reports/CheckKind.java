package org.mpiverify.reports;

import java.util.List;

/**
 * The kinds of check the dashboard has a column for, with the detail page of each and the folders
 * whose contents a result of that kind depends on: a result is stale once any of them changed
 * after the commit it was produced at. The known-bad twins a kind runs are patches in {@code twins/patches}.
 */
public enum CheckKind {
    TLC("TLC", "tlc.html", List.of("specs", "impl", "twins/patches/impl"), "./mpiverify tlc"),
    LINCHECK("Lincheck", "lincheck.html", List.of("impl", "lincheck", "twins"), "./mpiverify test -pl lincheck -am"),
    JCSTRESS("jcstress", "jcstress.html", List.of("impl", "jcstress", "twins"), "./mpiverify test -pl jcstress -am"),
    AUDIT("audit", "audit.html", List.of("impl", "audit", "twins"), "./mpiverify audit --target all"),
    TRACE("trace", "trace.html", List.of("specs", "impl", "trace", "twins"), "./mpiverify trace --scenario comm-dup-concurrent"),
    BENCHMARK("benchmark", "bench.html", List.of("impl", "bench", "twins/patches/impl"), "./mpiverify bench all");

    private final String title;
    private final String page;
    private final List<String> inputs;
    private final String command;

    CheckKind(String title, String page, List<String> inputs, String command) {
        this.title = title;
        this.page = page;
        this.inputs = inputs;
        this.command = command;
    }

    /**
     * The command that produces the result named {@code name} (a benchmark's own {@code ./mpiverify bench
     * NAME}; for the other kinds the command that produces all of theirs).
     */
    public String command(String name) {
        return this == BENCHMARK && name != null && !name.isBlank() ? "./mpiverify bench " + name : command;
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
