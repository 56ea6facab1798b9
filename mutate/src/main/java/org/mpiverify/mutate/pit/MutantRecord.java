package org.mpiverify.mutate.pit;

import java.util.List;

/**
 * One mutant's line of the kill matrix, as the PIT run reports it (before jcstress and the equivalence
 * claims are applied): a line of the run's {@code results.jsonl}, written by {@link JsonOut} and read back by
 * {@code MutateCommand} as this record.
 *
 * @param key         stable identity: {@code Class#method/OPERATOR/description#n} (n counts equal
 *                    descriptions within the method), independent of bytecode indexes
 * @param pitId       PIT's own identity of the mutant (class, method, descriptor, instruction indexes,
 *                    mutator), to regenerate its bytes
 * @param class_      the mutated class (key {@code "class"})
 * @param status      PIT's status: KILLED, SURVIVED, TIMED_OUT, NO_COVERAGE, MEMORY_ERROR, RUN_ERROR, ...
 * @param killingTest the first test that failed on the mutant, or null
 * @param testsRun    how many tests PIT ran on the mutant
 * @param millis      the baseline time of the tests run (an estimate of the mutant's cost)
 */
public record MutantRecord(String key, String pitId, String class_, String method, String descriptor,
                           int line, String mutator, String operator, String description, String status,
                           String killingTest, List<String> killingTests, int testsRun, long millis) {
}
