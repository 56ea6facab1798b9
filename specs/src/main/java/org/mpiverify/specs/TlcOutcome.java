package org.mpiverify.specs;

import java.util.Locale;

/**
 * What a TLC run ends with. The names in the manifest follow tlaplus/Examples' manifest.json
 * ("success", "deadlock failure", "safety failure", "liveness failure").
 */
public enum TlcOutcome {
    /** TLC explored every reachable state (or every simulated behavior) and found nothing. */
    SUCCESS("success"),
    /** A reachable state has no successor and is not a declared end state. */
    DEADLOCK("deadlock failure"),
    /** An invariant (or an action/refinement property checked as safety) is violated. */
    SAFETY("safety failure"),
    /** A temporal property is violated (a lasso or a stuttering end). */
    LIVENESS("liveness failure"),
    /** TLC could not check the model: a parse or evaluation error, a timeout, a crash. */
    ERROR("error");

    private final String manifestName;

    TlcOutcome(String manifestName) {
        this.manifestName = manifestName;
    }

    /** The name used in manifest.json and results.json. */
    public String manifestName() {
        return manifestName;
    }

    public boolean isViolation() {
        return this == DEADLOCK || this == SAFETY || this == LIVENESS;
    }

    public static TlcOutcome fromManifest(String s) {
        String k = s.trim().toLowerCase(Locale.ROOT);
        for (TlcOutcome o : values()) {
            if (o.manifestName.equals(k)) return o;
        }
        throw new IllegalArgumentException("unknown result '" + s
                + "' (expected success, deadlock failure, safety failure or liveness failure)");
    }
}
