package org.mpiverify.mpi;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/** The Gropp &amp; Thakur §3 thread-safety class of an MPI call; kept at run time so tests and reports can list it. */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface ThreadSafety {
    SafetyClass value();
}
