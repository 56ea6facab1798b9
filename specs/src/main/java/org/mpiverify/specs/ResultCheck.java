package org.mpiverify.specs;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Compares TLC's result with the manifest's expectation. Every difference is a mismatch: a bug
 * found where none was expected, no bug found where one was expected, a different kind of
 * violation, a different invariant, or an error.
 */
final class ResultCheck {
    private ResultCheck() {}

    /** Null when {@code r} is what {@code model} expects, else the reason it is not. */
    static String mismatch(ModelSpec model, TlcResult r, Path specsDir) {
        Expectation e = model.expected();
        if (r.outcome() == Outcome.ERROR) {
            String known = model.isSimulation() && r.message().contains("Attempted to apply EXCEPT construct")
                    ? " (a known bug of TLC 2.18: liveness checking in simulation mode fails on functions over"
                    + " tuples, tlaplus/tlaplus#164, fixed after 2.18 by PR #1304; check this model exhaustively,"
                    + " or simulate a configuration without PROPERTY)"
                    : "";
            return "TLC could not check the model: " + firstLine(r.message()) + known;
        }
        if (e.outcome() == Outcome.SUCCESS && r.outcome().isViolation()) {
            return "expected success but TLC found a " + r.outcome().manifestName()
                    + (r.violated() == null ? "" : " of " + r.violated());
        }
        if (e.outcome().isViolation() && r.outcome() == Outcome.SUCCESS) {
            return "expected a " + e + " but TLC found none"
                    + (model.isSimulation() ? " in the simulated behaviors" : "");
        }
        if (e.outcome() != r.outcome()) {
            return "expected a " + e + " but TLC found a " + r.outcome().manifestName()
                    + (r.violated() == null ? "" : " of " + r.violated());
        }
        if (e.outcome() == Outcome.SAFETY && e.violated() != null && r.violated() != null
                && !e.violated().equals(r.violated())) {
            return "expected " + e.violated() + " to be violated but TLC reports " + r.violated();
        }
        if (e.violated() != null && r.violated() == null) {
            // TLC names a violated invariant, but neither a temporal property nor an action property
            // (a refinement): the configuration must check exactly that one property.
            List<String> props = properties(model.folder(specsDir).resolve(model.config()));
            if (!props.equals(List.of(e.violated()))) {
                return "a " + r.outcome().manifestName() + " was found, but the model checks " + props + ", so it cannot be "
                        + "attributed to " + e.violated() + " alone";
            }
        }
        return null;
    }

    /** The PROPERTY names of a TLC configuration file, in order. */
    static List<String> properties(Path cfg) {
        List<String> names = new ArrayList<>();
        try {
            boolean inProperties = false;
            for (String raw : Files.readAllLines(cfg)) {
                String line = raw.replaceAll("\\\\\\*.*$", "").strip();
                if (line.isEmpty()) continue;
                String[] w = line.split("\\s+");
                if (w[0].equals("PROPERTY") || w[0].equals("PROPERTIES")) {
                    inProperties = true;
                    for (int i = 1; i < w.length; i++) names.add(w[i]);
                } else if (w[0].equals(w[0].toUpperCase()) && w[0].matches("[A-Z_]+")) {
                    inProperties = false;
                } else if (inProperties) {
                    names.addAll(List.of(w));
                }
            }
        } catch (IOException e) {
            names.add("<unreadable " + cfg + ">");
        }
        return names;
    }

    private static String firstLine(String s) {
        String t = s.strip();
        int nl = t.indexOf('\n');
        return nl < 0 ? t : t.substring(0, nl) + " ...";
    }
}
