package org.mpiverify.specs;

/**
 * A model, what TLC reported for it, and whether that is what the manifest expects.
 *
 * @param model    the manifest entry (with the expectation that was checked)
 * @param result   TLC's result
 * @param seconds  wall-clock seconds of the TLC process
 * @param mismatch null when the result is as expected, else why not (one sentence)
 */
public record ModelOutcome(ModelSpec model, TlcResult result, double seconds, String mismatch) {
    public boolean asExpected() {
        return mismatch == null;
    }

    /** The actual result in manifest words, e.g. "safety failure (NoFalseMatch)". */
    public String actual() {
        return new Expectation(result.outcome(), result.violated()).toString();
    }
}
