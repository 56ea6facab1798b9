package org.mpiverify.specs.mutation;

/**
 * One passing model run against one mutant.
 *
 * @param model          the model
 * @param verdict        KILLED, PASSED, TIMED_OUT or INVALID
 * @param outcome        TLC's outcome in the manifest's words ("safety failure", "success", ...)
 * @param kind           for a kill: invariant, action property, temporal property, refinement or deadlock
 * @param violated       for a kill: the invariant or property (null for a deadlock or a temporal
 *                       violation TLC did not attribute)
 * @param seconds        wall seconds of the TLC process
 * @param distinctStates distinct states TLC found (-1 if it did not finish)
 * @param baselineStates distinct states of the same model on the unmutated spec (-1 if not run)
 * @param deadline       the deadline the run had, seconds
 * @param message        TLC's words for an error or a violation (first line)
 */
public record ModelRun(String model, String verdict, String outcome, String kind, String violated, double seconds,
                       long distinctStates, long baselineStates, int deadline, String message) {
    public static final String KILLED = "KILLED";
    public static final String PASSED = "PASSED";
    public static final String TIMED_OUT = "TIMED_OUT";
    public static final String INVALID = "INVALID";
}
