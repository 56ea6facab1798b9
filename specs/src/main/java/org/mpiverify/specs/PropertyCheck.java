package org.mpiverify.specs;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Which checked properties nothing is expected to violate. A TLC pass counts only if the property it
 * checks can fail: for every invariant and property that a model of a spec folder checks (and for
 * deadlock freedom, where a model checks it), some model of the same folder (the known bug, or a spec
 * mutant kept in the folder's {@code *Mutants.tla}) must be expected to violate exactly it. The
 * manifest test then makes TLC confirm every such expectation.
 */
public final class PropertyCheck {
    /** The pseudo-property of CHECK_DEADLOCK TRUE. */
    public static final String DEADLOCK = "deadlock freedom";

    private PropertyCheck() {}

    /** "folder: Property" for every checked property of a folder that no model of it is expected to violate. */
    public static List<String> neverViolated(Manifest manifest) {
        List<String> out = new ArrayList<>();
        for (Manifest.Folder folder : manifest.folders()) {
            Set<String> checked = new LinkedHashSet<>();
            Set<String> violated = new LinkedHashSet<>();
            for (ModelSpec m : folder.models()) {
                checked.addAll(m.invariants());
                checked.addAll(m.properties());
                if (m.checkDeadlock()) checked.add(DEADLOCK);
                Expectation e = m.expected();
                if (e.outcome() == TlcOutcome.DEADLOCK) violated.add(DEADLOCK);
                else if (e.outcome().isViolation()) violated.add(e.violated());
            }
            for (String p : checked) {
                if (!violated.contains(p)) out.add(folder.path() + ": " + p);
            }
        }
        return out;
    }
}
