/**
 * Race scenarios for the happens-before detector: two or three threads driving one of the core's lock-free
 * handshakes ({@code Completion}, {@code EventCount}, {@code MatchTable}, {@code TreiberStack}, a request's
 * reference count, the context-id mask hand-off, the hash engine's context directory). They have no outcomes:
 * the detector's report is the verdict, so a mutant that weakens an access mode is caught even where no
 * jcstress outcome would show it.
 *
 * <p>May import: the core's classes under test ({@code org.mpiverify.core.matching}, {@code .request}, {@code
 * .sync}, {@code .contextid}, {@code .trace}), jcstress's annotations (the shape the harness runs).
 *
 * <p>Tests: none of their own; the race stage ({@link org.mpiverify.mutate.RaceStage}, which finds them by class
 * name) runs them against every mutant that reaches it. Docs: {@code docs/mutation.md}.
 */
package org.mpiverify.mutate.race.scenarios;
