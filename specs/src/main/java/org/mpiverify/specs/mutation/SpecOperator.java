package org.mpiverify.specs.mutation;

/**
 * The spec mutation operators: each makes one small, realistic mistake of the kind the Java could have
 * too, at a location SANY's semantic tree gives.
 */
public enum SpecOperator {
    /** A guard (a conjunct that is a state predicate) of a conjunction is dropped: replaced by TRUE. */
    DROP_CONJUNCT("drop one conjunct of an enabling condition or predicate (it becomes TRUE)"),
    /** A comparison is swapped: a boundary ({@code <} with {@code <=}, {@code >} with {@code >=}) or its negation. */
    SWAP_COMPARISON("swap a comparison: < with <= or >=, > with >= or <=, = with #"),
    /** An update {@code x' = e} (or {@code x' \in S}) becomes {@code UNCHANGED x}. */
    UPDATE_TO_UNCHANGED("replace a variable's update by UNCHANGED"),
    /** A number n becomes n+1 or n-1; a constant C in an arithmetic expression becomes (C + 1) or (C - 1). */
    OFF_BY_ONE("off by one: a number or a numeric constant plus or minus one"),
    /** {@code \cup} with {@code \cap}. */
    SWAP_SET_OPERATOR("\\cup with \\cap"),
    /** {@code \A} with {@code \E} (in state predicates). */
    SWAP_QUANTIFIER("\\A with \\E"),
    /** The other end of a sequence or set: Head(s) as its last element, Tail(s) as all but the last, Append as prepend, Min with Max. */
    SWAP_SEQUENCE_END("the other end: Head as last, Tail as all but last, Append as prepend, Min with Max"),
    /** {@code \in} with {@code \notin}, {@code \subseteq} with {@code \supseteq}. */
    SWAP_MEMBERSHIP("\\in with \\notin, \\subseteq with \\supseteq"),
    /** An atomic action becomes two steps: its guards and first updates, then (later) the rest. */
    SPLIT_ACTION("split an atomic action into two steps (guards and first updates; the rest later)"),
    /** An action that hands something over makes its later updates first, and the earlier ones in a second step. */
    REORDER_HANDOVER("reorder a handover: the later updates (the flag others wait on) first, the earlier ones in a second step");

    private final String description;

    SpecOperator(String description) {
        this.description = description;
    }

    public String description() {
        return description;
    }
}
