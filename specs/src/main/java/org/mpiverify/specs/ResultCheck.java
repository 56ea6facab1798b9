package org.mpiverify.specs;

import java.util.List;
import java.util.Locale;

/**
 * Compares TLC's result with the manifest's expectation. Every difference is a mismatch: a bug
 * found where none was expected, no bug found where one was expected, a different kind of
 * violation, a different invariant, an error, or a distinct-state count that moved further from the
 * manifest's than its tolerance allows.
 */
final class ResultCheck {
    private ResultCheck() {}

    /** Null when {@code r} is what {@code model} expects, else the reason it is not. */
    static String mismatch(ModelSpec model, TlcResult r) {
        Expectation e = model.expected();
        if (r.outcome() == TlcOutcome.ERROR) {
            String known = model.isSimulation() && r.message().contains("Attempted to apply EXCEPT construct")
                    ? " (a known bug of TLC 2.18: liveness checking in simulation mode fails on functions over"
                    + " tuples, tlaplus/tlaplus#164, fixed after 2.18 by PR #1304; check this model exhaustively,"
                    + " or simulate a configuration without PROPERTY)"
                    : "";
            return "TLC could not check the model: " + firstLine(r.message()) + known;
        }
        if (e.outcome() == TlcOutcome.SUCCESS && r.outcome().isViolation()) {
            return "expected success but TLC found a " + r.outcome().manifestName()
                    + (r.violated() == null ? "" : " of " + r.violated());
        }
        if (e.outcome().isViolation() && r.outcome() == TlcOutcome.SUCCESS) {
            return "expected a " + e + " but TLC found none"
                    + (model.isSimulation() ? " in the simulated behaviors" : "");
        }
        if (e.outcome() != r.outcome()) {
            return "expected a " + e + " but TLC found a " + r.outcome().manifestName()
                    + (r.violated() == null ? "" : " of " + r.violated());
        }
        if (e.outcome().isViolation() && e.violated() != null && r.violated() != null
                && !e.violated().equals(r.violated())) {
            return "expected " + e.violated() + " to be violated but TLC reports " + r.violated();
        }
        if (e.violated() != null && r.violated() == null && !model.properties().equals(List.of(e.violated()))) {
            // TLC names a violated invariant or action property, but not a temporal property: the model must
            // check exactly that one property, or the violation could not be attributed to it.
            return "a " + r.outcome().manifestName() + " was found, but the model checks " + model.properties()
                    + ", so it cannot be attributed to " + e.violated() + " alone";
        }
        String states = statesMoved(model, r);
        if (states != null) return states;
        return null;
    }

    /**
     * Null when the distinct-state count is within the model's tolerance of the count the manifest
     * records, else why not. A spec change that moves the state space must update the manifest, so that
     * a model that silently stops reaching half of its states (a guard made too strong, a constant
     * mistyped) cannot pass unnoticed.
     */
    static String statesMoved(ModelSpec model, TlcResult r) {
        if (model.isSimulation() || model.recordedStates() < 0 || r.distinctStates() < 0) return null;
        // With several workers TLC stops at a violation at a point that depends on the schedule; the
        // count of a complete state space (a success) does not depend on it.
        if (r.workers() > 1 && r.outcome() != TlcOutcome.SUCCESS) return null;
        long want = model.recordedStates();
        double allowed = model.stateTolerance() * want;
        if (Math.abs(r.distinctStates() - want) <= allowed) return null;
        return String.format(Locale.ROOT, "%,d distinct states, but the manifest records %,d (tolerance %s):"
                        + " update distinctStates in manifest.json if the change is intended",
                r.distinctStates(), want, model.stateTolerance() == 0 ? "exact" : "±" + Math.round(model.stateTolerance() * 100) + " %");
    }

    private static String firstLine(String s) {
        String t = s.strip();
        int nl = t.indexOf('\n');
        return nl < 0 ? t : t.substring(0, nl) + " ...";
    }
}
