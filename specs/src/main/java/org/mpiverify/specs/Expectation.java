package org.mpiverify.specs;

import java.util.Objects;

/**
 * The result a model must have: a {@link TlcOutcome} and, for a safety or liveness failure, the name
 * of the violated invariant or property.
 *
 * <p>TLC names the violated invariant ("Invariant X is violated") but reports every temporal
 * violation as "Temporal properties were violated", so for a liveness failure the name is checked
 * against the model's configuration instead: the model must check exactly one temporal property
 * besides its refinement, or the runner could not tell which one failed (see {@link ModelSpec}).
 *
 * @param outcome  the expected outcome
 * @param violated the invariant or property that must be violated, or null
 */
public record Expectation(TlcOutcome outcome, String violated) {
    public Expectation {
        Objects.requireNonNull(outcome);
    }

    public static Expectation success() {
        return new Expectation(TlcOutcome.SUCCESS, null);
    }

    @Override
    public String toString() {
        return violated == null ? outcome.manifestName() : outcome.manifestName() + " (" + violated + ")";
    }
}
