package org.mpiverify.harness.launch;

import java.util.List;

/**
 * Options a target puts on the command line of each JVM it starts for a run, after {@code java} (the lock
 * auditor's {@code -javaagent}, say). {@code name} says which JVM of which run it is, so that what the options
 * write per JVM can be told apart: {@code <scenario>/run<n>} for MPJ Express's multicore JVM,
 * {@code <scenario>/run<n>-rank<r>} for a niodev rank.
 */
@FunctionalInterface
public interface JvmOptions {
    /** No options. */
    JvmOptions NONE = name -> List.of();

    /** The options for the JVM {@code name}. */
    List<String> forJvm(String name);
}
