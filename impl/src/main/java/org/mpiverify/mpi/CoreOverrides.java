package org.mpiverify.mpi;

import java.util.function.IntFunction;
import java.util.function.Supplier;
import org.mpiverify.core.contextid.ContextIdAllocator;
import org.mpiverify.core.matching.MatchingEngine;

/**
 * Known-bad components that replace the core's own in one job, so that a check can be shown to reject
 * them end to end (trace validation runs a twin through the same command as the core). Each factory is
 * called once per rank; a null factory keeps the core's component.
 *
 * @param name       what the twin is called in reports ({@code MaskNotTakenContextIdAllocator}, say)
 * @param contextIds the context-id allocator of a rank, from the job's context-id capacity, or null
 * @param matching   the matching engine of a rank, or null
 */
public record CoreOverrides(String name, IntFunction<ContextIdAllocator> contextIds,
                            Supplier<MatchingEngine> matching) {
    public CoreOverrides {
        if (name == null || name.isBlank()) throw new IllegalArgumentException("a twin needs a name");
    }
}
