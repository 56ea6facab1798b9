package org.mpiverify.audit.race;

import java.util.List;
import java.util.Objects;

/**
 * A data race a detector reported: the two accesses (the second may be absent: DRD names the conflicting segment,
 * not always its access), the variable (Valgrind's "Address ... is 0 bytes inside data symbol \"x\"", "... in the BSS
 * segment of lib", or an allocation site), and where the report came from. Two races are the same race when their
 * {@link #key()}, the unordered pair of the accesses' code locations, is equal.
 *
 * @param tool     {@code helgrind}, {@code drd} or {@code tsan}
 * @param first    the access the detector reports as the race
 * @param second   the conflicting earlier access, or null
 * @param variable the detector's lines about the address (symbol, segment or allocation), joined
 * @param origin   the scenario and rank file it came from
 */
public record Race(String tool, Access first, Access second, String variable, String origin) {
    public Race {
        Objects.requireNonNull(first, "first");
        variable = variable == null ? "" : variable;
    }

    /** The unordered pair of code locations: the same pair from any scenario, rank or run is one race. */
    public String key() {
        String a = first.location();
        String b = second == null ? "(unknown)" : second.location();
        return a.compareTo(b) <= 0 ? a + " <> " + b : b + " <> " + a;
    }

    /** The MPI calls the two threads were in, as {@code MPI_Comm_dup vs MPI_Comm_free}. */
    public String calls() {
        return first.mpiCall() + " vs " + (second == null ? "(unknown)" : second.mpiCall());
    }

    /** Both sides, for the report. */
    public List<Access> accesses() {
        return second == null ? List.of(first) : List.of(first, second);
    }
}
