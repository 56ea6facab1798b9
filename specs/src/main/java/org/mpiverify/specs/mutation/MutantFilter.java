package org.mpiverify.specs.mutation;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.mpiverify.specs.ModelSpec;

/**
 * Drops the mutants not worth a TLC run: those whose text is the spec's own or another mutant's
 * (syntactically identical), and those SANY rejects (a parse, semantic or level error), each with
 * SANY's complaint. Not thread-safe.
 */
final class MutantFilter {
    /** The mutants kept, each with its modules' text, and what was dropped. */
    record Kept(List<SpecMutant> mutants, Map<String, Map<String, String>> texts, int identical, List<String> rejected) {}

    private MutantFilter() {}

    static Kept filter(List<SpecMutant> chosen, SpecGraph graph, FamilyWorkspace ws) {
        Map<String, String> originals = new LinkedHashMap<>();
        graph.sources().forEach((k, v) -> originals.put(k, v.text()));
        Set<String> seen = new LinkedHashSet<>();
        List<SpecMutant> valid = new ArrayList<>();
        List<String> rejected = new ArrayList<>();
        Map<String, Map<String, String>> texts = new LinkedHashMap<>();
        int identical = 0;
        for (SpecMutant m : chosen) {
            Map<String, String> t = m.apply(graph.sources());
            boolean same = t.entrySet().stream().allMatch(e -> e.getValue().equals(originals.get(e.getKey())));
            if (same || !seen.add(new TreeMap<>(t).toString())) {
                identical++;
                continue;
            }
            Path specs = ws.write(m, t);
            List<ModelSpec> models = graph.views().stream().map(SpecGraph.ModelView::model)
                    .filter(x -> m.models().contains(x.name())).toList();
            String why = ws.sanyRejects(specs, models);
            ws.delete(specs);
            if (why != null) {
                rejected.add(m.id() + ": " + why);
                continue;
            }
            valid.add(m);
            texts.put(m.id(), t);
        }
        return new Kept(valid, texts, identical, rejected);
    }
}
