package org.mpiverify.specs;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * TLC's {@code -coverage} over the models that claim to cover their module (the passing models of the
 * specification itself, not its mutants): every action the manifest lists for a module must fire
 * (generate a state) in at least one of them, and every action TLC reports must be listed, either as
 * covered or as not covered with a reason. A guard that made an action unreachable, a constant that
 * left a protocol path unused, or a new action nobody thought to exercise is reported here, because a
 * model that passes without running an action has checked nothing about it.
 */
public final class CoverageCheck {
    private CoverageCheck() {}

    /** One line per problem; empty when every claimed action fired and every reported one is listed. */
    public static List<String> problems(Manifest manifest, List<ModelOutcome> outcomes) {
        List<String> problems = new ArrayList<>();
        for (Manifest.Folder folder : manifest.folders()) {
            for (Map.Entry<String, List<String>> e : folder.actions().entrySet()) {
                String module = e.getKey();
                List<ModelOutcome> claiming = outcomes.stream()
                        .filter(o -> o.model().spec().equals(folder.path()))
                        .filter(o -> o.model().extendsModule().equals(module) && o.model().claimsCoverage())
                        .filter(o -> !o.model().isSimulation() && o.asExpected())
                        .toList();
                if (claiming.isEmpty()) continue;   // none of its covering models ran (e.g. all are full-size)
                Map<String, Long> fired = new LinkedHashMap<>();
                for (ModelOutcome o : claiming) {
                    o.result().coverage().forEach((action, n) -> fired.merge(action, n, Long::sum));
                }
                List<String> names = claiming.stream().map(o -> o.model().name()).toList();
                if (fired.isEmpty()) {
                    problems.add(folder.path() + "/" + module + ": TLC reported no coverage for " + names);
                    continue;
                }
                for (String action : e.getValue()) {
                    if (fired.getOrDefault(action, 0L) == 0) {
                        problems.add(folder.path() + "/" + module + ": action " + action + " never fired in " + names);
                    }
                }
                Set<String> listed = new TreeSet<>(e.getValue());
                listed.addAll(folder.notCovered().getOrDefault(module, Map.of()).keySet());
                for (String action : new TreeSet<>(fired.keySet())) {
                    if (!listed.contains(action)) {
                        problems.add(folder.path() + "/" + module + ": TLC reports action " + action
                                + ", which manifest.json neither lists under \"actions\" nor explains under \"notCovered\"");
                    }
                }
            }
        }
        return problems;
    }
}
