package org.mpiverify.specs.mutation;

/**
 * What became of a spec mutant. The score of a family is KILLED (and CLAIMED_EQUIVALENT_BUT_KILLED)
 * over every mutant but the EQUIVALENT and INVALID ones: a mutant that times out or survives counts
 * against it.
 */
public enum MutantStatus {
    /** A passing model reports an invariant, action property, temporal property, refinement or deadlock violation. */
    KILLED,
    /** Every passing model that uses the mutated definition still passes (a state-count change alone is not a kill). */
    SURVIVED,
    /** No model killed it and at least one did not finish within its deadline. */
    TIMED_OUT,
    /**
     * No model killed it and TLC could not evaluate it in at least one model (a function applied outside
     * its domain, CHOOSE from an empty set, a type error): a mutant that is not a TLA+ specification TLC
     * can check, reported apart and left out of the score.
     */
    INVALID,
    /** Not killed, and argued in the family's equivalence file: left out of the score. */
    EQUIVALENT,
    /** Argued equivalent, yet killed: the argument is wrong (fails the run). */
    CLAIMED_EQUIVALENT_BUT_KILLED,
    /** Listed, not run (the --list mode). */
    NOT_RUN;

    public boolean killed() {
        return this == KILLED || this == CLAIMED_EQUIVALENT_BUT_KILLED;
    }

    /** Counted in the score's denominator. */
    public boolean scored() {
        return this != EQUIVALENT && this != INVALID && this != NOT_RUN;
    }
}
