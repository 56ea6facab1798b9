/**
 * What a mutant calls at run time: {@link org.mpiverify.mutate.runtime.PlainAccess} (plain accesses to volatile
 * fields, operator {@code VOLATILE_TO_PLAIN}) and {@link org.mpiverify.mutate.runtime.PlainRmw} (an atomic
 * read-modify-write done as a plain read and a plain write, operator {@code CAS_TO_PLAIN}).
 *
 * <p>May import: the JDK only (it is on the class path of every JVM that runs a mutant).
 *
 * <p>Tests: {@code mutate/src/test/java/org/mpiverify/mutate/operators/OperatorsTest} (mutants of the fixtures run).
 * Docs: {@code docs/mutation.md} ("Operators").
 */
package org.mpiverify.mutate.runtime;
