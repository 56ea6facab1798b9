package org.mpiverify.mutate;

/**
 * What one stage of a mutant's run found (the forked Lincheck suites, jcstress, the race detector).
 *
 * @param status {@code KILLED}, {@code SURVIVED}, {@code TIMED_OUT} or {@code RUN_ERROR}
 * @param killer the test that killed it (or, timed out, the one that hung); null if none
 * @param millis the stage's time on this mutant
 * @param detail the evidence, in words
 */
public record StageVerdict(String status, String killer, long millis, String detail) {
}
