package org.mpiverify.core.trace;

/**
 * One recorded step.
 *
 * @param seq    its place in the job's global order ({@link TraceRecorder#stamp()})
 * @param thread the Java thread that took it (name and a number unique in the recorder)
 * @param step   what happened: one of the step records of this package
 * @param site   the Java frames that led to it, innermost first, or null if stacks were not recorded
 */
public record RecordedEvent(long seq, String thread, Object step, String site) {}
