package org.mpiverify.mpi;

import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Exempts a test method or class from the {@link QuiescenceCheck} after its jobs, for the invariants it
 * names (every one if it names none): a test whose jobs end with something outstanding on purpose (an abort
 * while threads wait, a deadline passed, an erroneous program the core must survive). The reason is
 * required, so that no exemption is silent; name only the invariants the test really breaks, so that the
 * others are still checked (after an abort, say, no thread may stay registered as waiting).
 */
@Target({ElementType.METHOD, ElementType.TYPE})
@Retention(RetentionPolicy.RUNTIME)
@Inherited
public @interface LeavesOutstanding {
    /** Why the test's jobs end with something outstanding. */
    String value();

    /** The invariants exempted; empty: all of them. */
    Quiescence.Invariant[] invariants() default {};
}
